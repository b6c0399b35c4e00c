// Whether the magnifier shows: one switch for the session, kept across items (a labeller's preference).
import { create } from 'zustand';
import type { WorkspaceAction } from '../contract/type-module';

export const useMagnifier = create<{ readonly on: boolean }>()(() => ({ on: false }));

const toggleMagnifier = () => useMagnifier.setState((state) => ({ on: !state.on }));

/** `m`: the registry action of the types that place marks to the pixel. */
export const magnifierAction = <A,>(): WorkspaceAction<A> => ({
  id: 'magnifier',
  label: 'Show or hide the magnifier',
  group: 'View',
  keys: ['m'],
  perform: toggleMagnifier,
});
