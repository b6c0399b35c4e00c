// The colour of each class (output subject) of marks, by its place in the application's list. The first is the
// marks' colour of a single-class application; none is the selection's blue or the hover's pink.

export const MARK_COLOUR = '#ffd60a';

/** Nine colours for keys 1–9, told apart on photographs and from each other; a tenth class starts over. */
const CLASS_COLOURS: readonly string[] = [MARK_COLOUR, '#32d74b', '#ff9f0a', '#bf5af2', '#66e0ff', '#ff453a', '#ffffff', '#c9a26b', '#8e8cff'];

/** A mark's colour: its class's, or the first for a mark without one (count markers). */
export function classColour(classes: readonly string[], subjectUid: string | undefined): string {
  const index = subjectUid === undefined ? 0 : Math.max(0, classes.indexOf(subjectUid));
  return CLASS_COLOURS[index % CLASS_COLOURS.length]!;
}
