// A StrykerJS ignorer (npm run mutation): a statement that only writes a log line (`request.log.warn(…)`,
// `logger.info(…)`, `console.error(…)`) is not mutated. No user sees a log line's wording; what must never reach a log
// (a token, a secret) is tested in server/logging.test.ts, whose redaction is not mutated here.
const LEVELS = new Set(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'log']);

/** `log`, `logger`, `console`, or anything ending in `.log` (`request.log`, `app.log`). */
function isLogger(node) {
  if (node.type === 'Identifier') return ['log', 'logger', 'console'].includes(node.name);
  return node.type === 'MemberExpression' && node.property.type === 'Identifier' && node.property.name === 'log';
}

class LogIgnorer {
  shouldIgnore(path) {
    if (!path.isExpressionStatement()) return undefined;
    const call = path.node.expression;
    if (call.type !== 'CallExpression' || call.callee.type !== 'MemberExpression') return undefined;
    const { object, property } = call.callee;
    if (property.type !== 'Identifier' || !LEVELS.has(property.name) || !isLogger(object)) return undefined;
    return 'A statement that only writes a log line.';
  }
}

// What `declareClassPlugin(PluginKind.Ignore, 'logs', LogIgnorer)` of @stryker-mutator/api returns.
export const strykerPlugins = [{ kind: 'Ignore', name: 'logs', injectableClass: LogIgnorer }];
