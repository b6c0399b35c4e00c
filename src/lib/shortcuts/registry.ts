// One registry of keyboard actions: shortcuts, toolbar titles and the `?` help overlay all read from it.
// Key combos are written like 'Enter', 'Mod+Z', 'Shift+ArrowLeft', '1', '?'. `Mod` is Cmd on a Mac, Ctrl elsewhere.

export interface ShortcutAction<Ctx> {
  readonly id: string;
  readonly label: string;
  readonly group: string;
  readonly keys: readonly string[];
  readonly when?: (ctx: Ctx) => boolean;
  /** Fires from text fields too: from answer fields only (Enter answers from a count or a typed reading), or from any. */
  readonly inFields?: 'answer' | 'any';
  /** Actions of one series (keys 1–9) show as one row in the help overlay. */
  readonly series?: { readonly id: string; readonly label: string; readonly keys: string };
  /** A word or two for the key hints under the image; actions without one are only in the overlay. */
  readonly hint?: string;
}

export type ShortcutRegistry<Ctx> = readonly ShortcutAction<Ctx>[];

/**
 * A pointer gesture ('Shift+Click', 'Shift+Drag'), listed in the help overlay beside the keys. It is written like a
 * key combo, but no keystroke matches it: the canvas's tools handle it.
 */
export interface PointerGesture {
  readonly id: string;
  readonly label: string;
  readonly group: string;
  readonly keys: readonly string[];
}

export interface KeyboardEventLike {
  readonly key: string;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly shiftKey: boolean;
  readonly altKey: boolean;
  readonly target?: EventTarget | null;
}

export interface Platform {
  readonly isMac: boolean;
}

interface Combo {
  readonly key: string;
  readonly mod: boolean;
  readonly shift: boolean;
  readonly alt: boolean;
}

function parseCombo(combo: string): Combo {
  // The key is whatever follows the last '+' separator, so 'Shift++' is Shift and '+'.
  const match = /^((?:(?:Mod|Shift|Alt)\+)*)(.+)$/.exec(combo);
  const modifiers = (match?.[1] ?? '').split('+');
  const key = match?.[2] ?? combo;
  return {
    key: key.length === 1 ? key.toLowerCase() : key,
    mod: modifiers.includes('Mod'),
    shift: modifiers.includes('Shift'),
    alt: modifiers.includes('Alt'),
  };
}

/** A typed character other than a letter already says whether Shift was held ('?' vs '/'), so Shift is ignored. */
const shiftMatters = (key: string) => key.length > 1 || /^\p{L}$/u.test(key);

function comboMatches(combo: Combo, event: KeyboardEventLike, platform: Platform): boolean {
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
  const mod = platform.isMac ? event.metaKey : event.ctrlKey;
  const otherMod = platform.isMac ? event.ctrlKey : event.metaKey;
  return (
    key === combo.key &&
    mod === combo.mod &&
    !otherMod &&
    event.altKey === combo.alt &&
    (!shiftMatters(combo.key) || event.shiftKey === combo.shift)
  );
}

/** Whether the keystroke belongs to a text field (input, textarea, select, contentEditable). */
function isTextEntryTarget(target: EventTarget | null | undefined): boolean {
  if (!target || typeof (target as Element).tagName !== 'string') return false;
  const element = target as HTMLElement;
  if (element.isContentEditable || element.getAttribute('contenteditable') === 'true') return true;
  const tag = element.tagName.toLowerCase();
  if (tag === 'textarea' || tag === 'select') return true;
  if (tag !== 'input') return false;
  const nonText = ['button', 'checkbox', 'radio', 'range', 'reset', 'submit', 'color', 'file', 'image'];
  return !nonText.includes((element as HTMLInputElement).type);
}

/** A field that holds the answer itself: a number field (a count), or a text input marked `data-answer-field` (a reading). */
function isAnswerField(target: EventTarget | null | undefined): boolean {
  if (!target || (target as HTMLElement).tagName?.toLowerCase() !== 'input') return false;
  const input = target as HTMLInputElement;
  return input.type === 'number' || input.dataset['answerField'] !== undefined;
}

function firesFrom<Ctx>(action: ShortcutAction<Ctx>, target: EventTarget | null | undefined): boolean {
  if (!isTextEntryTarget(target)) return true;
  return action.inFields === 'any' || (action.inFields === 'answer' && isAnswerField(target));
}

export function detectPlatform(nav: Pick<Navigator, 'platform' | 'userAgent'> = navigator): Platform {
  return { isMac: /Mac|iPhone|iPad/.test(nav.platform || nav.userAgent) };
}

/** The first action whose key matches and whose `when` allows it; in text fields only those marked `inFields`. */
export function matchAction<A extends ShortcutAction<Ctx>, Ctx>(
  registry: readonly A[],
  event: KeyboardEventLike,
  ctx: Ctx,
  platform: Platform = detectPlatform(),
): A | null {
  return (
    registry.find(
      (action) =>
        action.keys.some((keys) => comboMatches(parseCombo(keys), event, platform)) &&
        firesFrom(action, event.target) &&
        (action.when?.(ctx) ?? true),
    ) ?? null
  );
}

const MAC_NAMES: Record<string, string> = { Mod: '⌘', Shift: '⇧', Alt: '⌥', Enter: '↩', Backspace: '⌫', Delete: '⌦' };
const OTHER_NAMES: Record<string, string> = { Mod: 'Ctrl', Escape: 'Esc' };
const SHARED_NAMES: Record<string, string> = { ArrowLeft: '←', ArrowRight: '→', ArrowUp: '↑', ArrowDown: '↓', ' ': 'Space' };

/** How a combo is shown to people: '⌘Z' on a Mac, 'Ctrl+Z' elsewhere. */
export function displayCombo(combo: string, platform: Platform): string {
  const { key, mod, shift, alt } = parseCombo(combo);
  const names = platform.isMac ? MAC_NAMES : OTHER_NAMES;
  const name = (part: string) => names[part] ?? SHARED_NAMES[part] ?? (part.length === 1 ? part.toUpperCase() : part);
  const parts = [mod && 'Mod', alt && 'Alt', shift && 'Shift', key].filter((p): p is string => !!p).map(name);
  return parts.join(platform.isMac ? '' : '+');
}

export interface ShortcutGroup {
  readonly group: string;
  readonly actions: readonly { readonly id: string; readonly label: string; readonly keys: readonly string[] }[];
}

/** The help listing: groups in the order they first appear, actions in registry order (a series as one row). */
export function describeShortcuts<Ctx>(registry: ShortcutRegistry<Ctx>, platform: Platform = detectPlatform()): ShortcutGroup[] {
  const groups = new Map<string, { id: string; label: string; keys: string[] }[]>();
  for (const action of registry) {
    const list = groups.get(action.group) ?? [];
    const { series } = action;
    if (!series) list.push({ id: action.id, label: action.label, keys: action.keys.map((k) => displayCombo(k, platform)) });
    else if (!list.some((row) => row.id === series.id)) list.push({ id: series.id, label: series.label, keys: [series.keys] });
    groups.set(action.group, list);
  }
  return [...groups].map(([group, actions]) => ({ group, actions }));
}

/** The key hints under the image: the first key of each action that has a hint (one per series). */
export function describeHints<Ctx>(registry: ShortcutRegistry<Ctx>, ctx: Ctx, platform: Platform = detectPlatform()): string {
  return registry
    .filter((action) => action.hint && (action.when?.(ctx) ?? true))
    .map((action) => `${action.series?.keys ?? displayCombo(action.keys[0] ?? '', platform)} ${action.hint}`)
    .join(' · ');
}

/** Actions that `ctx` enables together on the same key combo: a test keeps this empty for every context. */
export function findConflicts<Ctx>(registry: ShortcutRegistry<Ctx>, ctx: Ctx): string[] {
  const seen = new Map<string, string>();
  const conflicts: string[] = [];
  for (const action of registry) {
    if (action.when && !action.when(ctx)) continue;
    for (const keys of action.keys) {
      const { key, mod, shift, alt } = parseCombo(keys);
      const combo = JSON.stringify([key, mod, shiftMatters(key) && shift, alt]);
      const other = seen.get(combo);
      if (other !== undefined && other !== action.id) conflicts.push(`${keys}: ${other} and ${action.id}`);
      seen.set(combo, action.id);
    }
  }
  return conflicts;
}
