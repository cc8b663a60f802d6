import { useEffect, useId, useState } from 'react';
import { createPortal } from 'react-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Connection } from '../../api/connection.ts';
import type { CoverageSurvey, NewTileKey, Survey, SurveyFootprint, TileKey } from '../../../core/wire/model.ts';
import { createTileKey, revokeTileKey } from '../../api/tile-keys.ts';
import { saveBlob } from '../../ui/save-file.ts';
import { tileJsonUrl, wmtsCapabilitiesUrl, xyzTemplate } from '../../../core/wire/layer-urls.ts';
import { uiStore } from '../../state/ui-store.ts';
import { useAreaSearch } from '../area-search/index.ts';
import { coverageSearchQueryOptions } from '../../catalog/coverage-queries.ts';
import { ErrorNotice } from '../../ui/errors/ErrorNotice.tsx';
import { Field } from '../../ui/fields/Field.tsx';
import { isDetailsUnknown } from '../preview/index.ts';
import { DEFAULT_EXPIRY, EXPIRY_CHOICES } from './expiry.ts';
import { qgisLayerDefinition } from './qlr.ts';
import { surveysItemCollection, surveyStacItem } from './survey-stac.ts';
import { tileKeyKeys, tileKeysQueryOptions } from './tile-key-queries.ts';
import './layer-urls.css';
import { formatDateTime } from '../../format/date-format.ts';

type Scope = 'survey' | 'area' | 'all';

const scopeText = (key: TileKey) =>
  key.surveys === 'all' ? 'All surveys' : key.surveys.length === 1 ? key.surveys[0] : `${key.surveys.length} surveys`;

async function copy(text: string, what: string) {
  try {
    await navigator.clipboard.writeText(text);
    uiStore.getState().noticeShown(`${what} copied.`);
  } catch {
    uiStore.getState().noticeShown('The browser did not allow copying: select the text and copy it.');
  }
}

function UrlField({ label, value }: { label: string; value: string }) {
  const id = useId();
  return (
    <div className="layer-url">
      <label htmlFor={id} className="layer-url__label">
        {label}
      </label>
      <div className="layer-url__row">
        <input
          id={id}
          className="field__input layer-url__value"
          readOnly
          value={value}
          onFocus={(e) => e.target.select()}
        />
        <button type="button" className="button button--small" onClick={() => copy(value, label)}>
          Copy
        </button>
      </div>
    </div>
  );
}

const saveJson = (name: string, value: unknown, type = 'application/json') =>
  saveBlob(name, new Blob([JSON.stringify(value, null, 2)], { type }));

interface MadeKeyProps {
  made: NewTileKey;
  baseUrl: string;
  survey: Survey;
  footprint: SurveyFootprint | null;
  /** The area search's surveys, when the key was made for them. */
  areaSurveys: readonly CoverageSurvey[] | null;
}

/** The URLs a desktop GIS opens with a key just made (the key's text is known only now). */
function MadeKey({ made, baseUrl, survey, footprint, areaSurveys }: MadeKeyProps) {
  const surveyId = survey.id;
  const opensSurvey = made.surveys === 'all' || made.surveys.includes(surveyId);
  const template = xyzTemplate(baseUrl, surveyId, made.key);
  return (
    <section className="layer-urls__made" aria-label="Layer URLs">
      <p className="layer-urls__note">
        Key “{made.name}” opens {scopeText(made)} until {formatDateTime(made.expiresAt)}. Copy the URLs now: the key is
        shown only once. Anyone with them sees these tiles (and nothing else) until the key expires or you revoke it.
      </p>
      <UrlField label="WMTS capabilities URL" value={wmtsCapabilitiesUrl(baseUrl, made.key)} />
      {opensSurvey && (
        <>
          <UrlField label="XYZ template" value={template} />
          <UrlField label="TileJSON URL" value={tileJsonUrl(baseUrl, surveyId, made.key)} />
        </>
      )}
      <div className="layer-urls__downloads">
        {opensSurvey && (
          <button
            type="button"
            className="button button--small"
            onClick={() =>
              saveBlob(
                `${surveyId}.qlr`,
                new Blob([qgisLayerDefinition({ name: surveyId, template })], { type: 'application/xml' }),
              )
            }
          >
            Download QGIS layer (.qlr)
          </button>
        )}
        {opensSurvey && footprint && !isDetailsUnknown(survey) && (
          <button
            type="button"
            className="button button--small"
            onClick={() =>
              saveJson(
                `${surveyId}.stac-item.json`,
                surveyStacItem({ survey, footprint: footprint.geometry, bbox: footprint.bbox, baseUrl, key: made.key }),
                'application/geo+json',
              )
            }
          >
            Download STAC Item
          </button>
        )}
        {areaSurveys && areaSurveys.length > 0 && (
          <button
            type="button"
            className="button button--small"
            onClick={() =>
              saveJson(
                'area-surveys.stac-items.json',
                surveysItemCollection(areaSurveys, baseUrl, made.key),
                'application/geo+json',
              )
            }
          >
            Download STAC ItemCollection
          </button>
        )}
      </div>
    </section>
  );
}

function KeyList({ connection }: { connection: Connection }) {
  const client = useQueryClient();
  const keys = useQuery(tileKeysQueryOptions(connection));
  const revoke = useMutation({
    mutationFn: (id: string) => revokeTileKey(connection, id),
    onSettled: () => client.invalidateQueries({ queryKey: tileKeyKeys.all(connection.baseUrl) }),
  });
  if (keys.error) return <ErrorNotice compact error={keys.error} title="Your keys" onRetry={() => keys.refetch()} />;
  if (!keys.data) return <p className="layer-urls__note">Loading your keys…</p>;
  return (
    <section aria-label="Your tile keys">
      <h3 className="layer-urls__heading">Your keys</h3>
      {revoke.error && <ErrorNotice compact error={revoke.error} title="Not revoked" />}
      {keys.data.length === 0 ? (
        <p className="layer-urls__note">No live keys.</p>
      ) : (
        <ul className="layer-urls__keys">
          {keys.data.map((key) => (
            <li key={key.id} className="layer-urls__key">
              <span>
                <strong>{key.name}</strong> · {scopeText(key)} · expires {formatDateTime(key.expiresAt)}
              </span>
              <button
                type="button"
                className="button button--small"
                aria-label={`Revoke ${key.name}`}
                disabled={revoke.isPending && revoke.variables === key.id}
                onClick={() => revoke.mutate(key.id)}
              >
                Revoke
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * Makes a read-only, expiring tile key and shows the layer URLs a desktop GIS opens with it: WMTS for QGIS and ArcGIS,
 * an XYZ template, TileJSON and a QGIS layer file. The user's own credential never appears in them.
 */
export function LayerUrlDialog({
  connection,
  survey,
  footprint,
  onClose,
}: {
  connection: Connection;
  survey: Survey;
  footprint: SurveyFootprint | null;
  onClose: () => void;
}) {
  // The area search's results, read while the dialog is open (from the cache when the search has run).
  const search = useAreaSearch((s) => s.search);
  const areaSurveys = useQuery(coverageSearchQueryOptions(connection, search)).data ?? [];
  const surveyId = survey.id;
  const areaSurveyIds = areaSurveys.map((s) => s.id);
  const titleId = useId();
  const client = useQueryClient();
  const [name, setName] = useState(surveyId);
  const [scope, setScope] = useState<Scope>('survey');
  const [expiresIn, setExpiresIn] = useState(DEFAULT_EXPIRY);
  const create = useMutation({
    mutationFn: (made: Scope) =>
      createTileKey(connection, {
        name: name.trim() || surveyId,
        surveys: made === 'all' ? 'all' : made === 'area' ? areaSurveyIds : [surveyId],
        expiresIn,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: tileKeyKeys.all(connection.baseUrl) }),
  });
  const scopes: { value: Scope; label: string; disabled?: boolean }[] = [
    { value: 'survey', label: `This survey (${surveyId})` },
    {
      value: 'area',
      label:
        areaSurveyIds.length === 0
          ? 'The surveys of an area search (none searched)'
          : `The ${areaSurveyIds.length} surveys of the area search`,
      disabled: areaSurveyIds.length === 0,
    },
    { value: 'all', label: 'All surveys, and the newest imagery (basemap)' },
  ];

  // Escape closes the dialog only, wherever focus is (a revoked key's button is gone): before the page's shortcuts.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      onClose();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [onClose]);

  return createPortal(
    // biome-ignore lint/a11y/noStaticElementInteractions: a click beside the dialog closes it; Escape and Close too
    <div className="dialog-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div className="dialog layer-urls" role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <h2 id={titleId} className="dialog__title">
          Open in QGIS or ArcGIS
        </h2>
        <p className="dialog__subtitle">
          A read-only key for tiles only (WMTS, XYZ, TileJSON): it cannot list the catalog or sign in, and you can
          revoke it at any time.
        </p>
        <form
          className="layer-urls__form"
          onSubmit={(e) => {
            e.preventDefault();
            create.mutate(scope);
          }}
        >
          <Field label="Key name">
            {(control) => (
              <input
                {...control}
                className="field__input"
                value={name}
                maxLength={100}
                // A modal dialog the user opened takes focus at its first field (WAI-ARIA dialog pattern).
                // biome-ignore lint/a11y/noAutofocus: see above
                autoFocus
                onChange={(e) => setName(e.target.value)}
              />
            )}
          </Field>
          <fieldset className="layer-urls__scope">
            <legend className="field__label">Opens</legend>
            {scopes.map((option) => (
              <label key={option.value} className="checkbox">
                <input
                  type="radio"
                  name="tile-key-scope"
                  value={option.value}
                  checked={scope === option.value}
                  disabled={option.disabled}
                  onChange={() => setScope(option.value)}
                />
                {option.label}
              </label>
            ))}
          </fieldset>
          <Field label="Expires after">
            {(control) => (
              <select
                {...control}
                className="field__input"
                value={expiresIn}
                onChange={(e) => setExpiresIn(Number(e.target.value))}
              >
                {EXPIRY_CHOICES.map((choice) => (
                  <option key={choice.seconds} value={choice.seconds}>
                    {choice.label}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <button type="submit" className="button button--primary" disabled={create.isPending}>
            {create.isPending ? 'Making the key…' : 'Create key'}
          </button>
        </form>
        {create.error && (
          <ErrorNotice compact error={create.error} title="No key was made" onRetry={() => create.mutate(scope)} />
        )}
        {create.data && (
          <MadeKey
            made={create.data}
            baseUrl={connection.baseUrl}
            survey={survey}
            footprint={footprint}
            areaSurveys={create.variables === 'area' ? areaSurveys : null}
          />
        )}
        <KeyList connection={connection} />
        <div className="dialog__actions">
          <button type="button" className="button" onClick={onClose}>
            Close
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
