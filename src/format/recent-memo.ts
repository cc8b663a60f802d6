/**
 * `format` remembering its last `size` answers, by its two arguments: a list writes the same survey's dates each
 * time its row is drawn, and `Intl` formatting is the dearest part of a row. Pure as `format` is: the same answer,
 * once.
 */
export function recentMemo(format: (a: string, b: string) => string, size: number): (a: string, b: string) => string {
  const answers = new Map<string, string>();
  return (a, b) => {
    const key = `${a.length}:${a}${b}`;
    const known = answers.get(key);
    if (known !== undefined) return known;
    const answer = format(a, b);
    // Map keeps insertion order: the first key is the one asked for longest ago.
    if (answers.size >= size) answers.delete(answers.keys().next().value as string);
    answers.set(key, answer);
    return answer;
  };
}
