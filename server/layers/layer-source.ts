import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TileParams } from '../routes/schemas.ts';
import type { LayerInfo } from './layer-documents.ts';

/** Where the layer endpoints get their surveys and tiles: the service's own catalog, or (gateway) the upstream. */
export interface LayerSource {
  /** A survey's layer, or `basemap`'s; 404 envelope for an unknown id. */
  layer(id: string): Promise<LayerInfo>;
  /** The layers a key opens, `basemap` last for a key to all surveys. */
  layers(surveys: string[] | 'all'): Promise<LayerInfo[]>;
  /** Answers one tile request as the tile route does. */
  sendTile(request: FastifyRequest, reply: FastifyReply, params: TileParams): Promise<FastifyReply>;
  /** The base URL clients see, for the documents' URLs. */
  baseUrl(request: FastifyRequest): string;
}
