import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { SurveyMap } from '../../map/survey-map.ts';
import { ErrorNotice } from '../../ui/errors/ErrorNotice.tsx';
import { listboxAction } from '../../ui/listbox/listbox-keys.ts';
import { gazetteerQueryOptions } from './place-queries.ts';
import { searchPlaces, type Place } from './places.ts';
import { MAP_PANEL } from '../../map/map-camera.ts';

/** Map zoom a city is shown at: the city and its surroundings, where the survey footprints are told apart. */
const CITY_ZOOM = 11;

/**
 * "Go to a place": a combobox over the map that flies to a US city, county or state from the offline basemap's own
 * place data (nothing is sent anywhere).
 */
export function PlaceSearch({ surveyMap }: { surveyMap: SurveyMap }) {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [wanted, setWanted] = useState(false);
  const [went, setWent] = useState<string | null>(null);
  const gazetteer = useQuery({ ...gazetteerQueryOptions(), enabled: wanted });
  const places = useMemo(() => (gazetteer.data ? searchPlaces(gazetteer.data, text) : []), [gazetteer.data, text]);
  const id = useId();
  const listId = `${id}-places`;
  const optionId = (index: number) => `${id}-place-${index}`;
  const showList = open && text.trim() !== '' && gazetteer.isSuccess;

  const go = (place: Place) => {
    if ('center' in place.go) surveyMap.camera.zoomTo(place.go.center, CITY_ZOOM);
    else surveyMap.camera.fitBounds(place.go.extent);
    setText(place.label);
    setOpen(false);
    setActive(-1);
    setWent(`Showing ${place.label}.`);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      if (open) event.stopPropagation();
      setOpen(false);
      setActive(-1);
      return;
    }
    if (!showList || places.length === 0) return;
    if (event.key === ' ' || event.key === 'Home' || event.key === 'End') return; // they edit the text
    const action = listboxAction(event.key, active, places.length);
    if (!action) return;
    event.preventDefault();
    if (action === 'select') go(places[Math.max(0, active)]);
    else setActive(action.move);
  };

  return (
    <div className="place-search" {...MAP_PANEL}>
      <form role="search" aria-label="Places" onSubmit={(event) => event.preventDefault()}>
        <input
          type="search"
          className="field__input place-search__input"
          role="combobox"
          aria-label="Go to a place"
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={listId}
          aria-activedescendant={showList && active >= 0 ? optionId(active) : undefined}
          placeholder="Go to a city or county"
          autoComplete="off"
          value={text}
          onFocus={() => setWanted(true)}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
            setActive(-1);
            setWent(null);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
        />
      </form>
      <div id={listId} role="listbox" aria-label="Places" className="place-search__list" hidden={!showList}>
        {places.map((place, index) => (
          // The input keeps focus and names the active option (aria-activedescendant); mouse users click.
          // biome-ignore lint/a11y/useFocusableInteractive: see above
          // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox's keys choose
          <div
            key={`${place.kind}:${place.label}`}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            className={index === active ? 'place-search__option is-active' : 'place-search__option'}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => go(place)}
          >
            <span>{place.label}</span>
            <span className="place-search__kind">{place.kind}</span>
          </div>
        ))}
      </div>
      {showList && places.length === 0 && (
        <p className="place-search__empty">No US city, county or state by that name.</p>
      )}
      {gazetteer.isError && (
        <ErrorNotice
          compact
          title="Place names could not be loaded"
          error={gazetteer.error}
          onRetry={() => void gazetteer.refetch()}
        />
      )}
      <span className="visually-hidden" role="status">
        {went ?? (showList ? `${places.length} ${places.length === 1 ? 'place' : 'places'} found` : '')}
      </span>
    </div>
  );
}
