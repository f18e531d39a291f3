/**
 * Placed inside a console form, keeps the organiser's unsaved changes from being lost:
 * - after a successful save the form is made pristine (what was saved becomes its starting
 *   point), so SAVE is disabled until the next change and leaving is free;
 * - while the form holds unsaved changes, leaving for another page (a link such as "Add a flag",
 *   the menu, a tab, Back) asks first, and closing or reloading the tab warns.
 * Moving within the same page (its query string) is free.
 *
 * react-admin's own `warnWhenUnsavedChanges` is not used: it lets through any path under the
 * form's (the challenge's flags page is `…/challenges/5/flags`), and it stops warning after a
 * refused save (react-hook-form counts the submit as successful when the server answers 400).
 * Blocking needs a data router: the shell's (App.tsx) is one; elsewhere only the reset applies.
 */
import { useCallback, useEffect, useRef, type RefObject } from 'react';
import { useFormContext, useFormState } from 'react-hook-form';
import { useBlocker, useCanBlock, useRegisterMutationMiddleware, useTranslate } from 'react-admin';

type Mutate = (...args: unknown[]) => Promise<unknown>;

export function UnsavedChangesGuard() {
  const { reset, getValues } = useFormContext();
  const { dirtyFields } = useFormState();
  const dirty = Object.keys(dirtyFields).length > 0;
  const canBlock = useCanBlock();
  // Set when a save succeeds, until the form is pristine: the page may redirect (after creating,
  // say) before the reset below has re-rendered the form.
  const justSaved = useRef(false);

  // Runs around the save's request; the reset happens only once the server has accepted it.
  const pristineAfterSave = useCallback(
    async (...args: unknown[]) => {
      const next = args.at(-1) as Mutate;
      const result = await next(...args.slice(0, -1));
      justSaved.current = true;
      // The console's forms may keep dirty values on a refresh (resetOptions): not here.
      reset(getValues(), { keepDirtyValues: false });
      return result;
    },
    [reset, getValues],
  );
  useRegisterMutationMiddleware(pristineAfterSave);

  useEffect(() => {
    if (!dirty) justSaved.current = false;
  }, [dirty]);

  return canBlock && dirty ? <AskBeforeLeaving justSaved={justSaved} /> : null;
}

function AskBeforeLeaving({ justSaved }: { justSaved: RefObject<boolean> }) {
  const translate = useTranslate();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      !justSaved.current && nextLocation.pathname !== currentLocation.pathname,
  );

  // The router hands out a new blocker object on each change of its state.
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    // The browser's own dialog, as react-admin uses: modal, keyboard-ready, in the user's language.
    if (window.confirm(translate('ra.message.unsaved_changes'))) blocker.proceed?.();
    else blocker.reset?.();
  }, [blocker, translate]);

  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, []);

  return null;
}
