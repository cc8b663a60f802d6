import { useEffect, useRef } from 'react';

/**
 * For an inline form that stands in for a button: once the user closes the form, the focus goes
 * back to the button (which is rendered again), instead of being lost with the form.
 */
export function useReturnFocus(formOpen: boolean) {
  const button = useRef<HTMLButtonElement>(null);
  const pending = useRef(false);
  useEffect(() => {
    if (formOpen || !pending.current) return;
    pending.current = false;
    button.current?.focus();
  }, [formOpen]);
  const returnFocus = () => {
    pending.current = true;
  };
  return { button, returnFocus };
}
