import { queryOptions } from '@tanstack/react-query';
import type { Connection } from '../../api/connection.ts';
import { fetchTileKeys } from '../../api/tile-keys.ts';

export const tileKeyKeys = {
  all: (baseUrl: string) => ['tile-keys', baseUrl] as const,
};

/** The signed-in client's live tile keys (names, scopes, expiry; never their text). */
export const tileKeysQueryOptions = (connection: Connection) =>
  queryOptions({
    queryKey: tileKeyKeys.all(connection.baseUrl),
    queryFn: ({ signal }) => fetchTileKeys(connection, signal),
    staleTime: 30_000,
  });
