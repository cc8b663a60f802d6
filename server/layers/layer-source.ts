import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RequestedTile } from '../routes/tile-request.ts';
import type { LayerInfo } from './layer-documents.ts';

/** What a key's holder or maker asks of a layer source that may be limited per asker. */
type LayerAction = 'make-key' | 'wmts';

/**
 * Where the layer endpoints get their surveys and tiles: the service's own catalog, or (gateway) the upstream. Each
 * call gets the request, whose key or session pays for any upstream work.
 */
export interface LayerSource {
  /** A survey's layer, or `basemap`'s; 404 envelope for an unknown id. */
  layer(request: FastifyRequest, id: string): Promise<LayerInfo>;
  /** The layers a key opens, `basemap` last for a key to all surveys. */
  layers(request: FastifyRequest, surveys: string[] | 'all'): Promise<LayerInfo[]>;
  /** Those of the ids that name no survey (empty when all do). */
  unknownSurveys(request: FastifyRequest, ids: string[]): Promise<string[]>;
  /** Answers one tile request (the survey's id checked against the key, its address parsed) as the tile route does. */
  sendTile(request: FastifyRequest, reply: FastifyReply, surveyId: string, tile: RequestedTile): Promise<FastifyReply>;
  /** The base URL clients see, for the documents' URLs. */
  baseUrl(request: FastifyRequest): string;
  /** Refuses (429 envelope) an asker who has used up their share of this action; absent where nothing is limited. */
  admit?(request: FastifyRequest, action: LayerAction): Promise<void>;
}
