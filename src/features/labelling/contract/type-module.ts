import type { Context } from 'konva/lib/Context';
import type { PathPainter } from './painter';
import type { ReactNode } from 'react';
import type { Application } from '../../../api/schemas/application';
import type { ApplicationType } from '../../../api/types';
import type { FeedbackSubjectAnswer } from '../../../api/application-types/answer';
import type { PredictedSubject } from '../../../api/schemas/prediction';
import type { Box, ImagePoint, Size } from '../geometry/types';
import type { PointerGesture, ShortcutAction } from '../../../lib/shortcuts/registry';
import type { Change, ToolEvent, Transition } from './tool-events';
import type { LabelTarget } from './target';
import type { KeyFrame, KeyFrames, SubjectAnswer, SubjectBox } from './frames';

/** What every type's annotation has: its application type, which picks its module. */
export interface AnnotationBase {
  readonly type: ApplicationType;
}

/** The item being edited, as the host holds it: some type's annotation, which only that type's module reads. */
export type Annotation = AnnotationBase;

/** An edit of the annotation; `select` edits move only the selection and take no undo step. */
type EditKind = 'edit' | 'select';
export type Edit<A> = (change: (annotation: A) => A, kind?: EditKind) => void;

/** The canvas operations an action may use. */
export interface CanvasCommands {
  fitToView(): void;
  zoomBy(factor: number): void;
  actualSize(): void;
  /** Ends a gesture in progress; false when there was none. */
  cancel(): boolean;
}

/** What an action reads and what it can do: the workspace hands this to every `when` and `perform`. */
export interface ActionContext<A = AnnotationBase> {
  readonly annotation: A;
  readonly edit: Edit<A>;
  readonly canvas: CanvasCommands;
  readonly canSkip: boolean;
  /** The item's image is on screen: nobody answers an item they have not seen. */
  readonly imageShown: boolean;
  readonly canGoBack: boolean;
  readonly canUndo: boolean;
  readonly canRedo: boolean;
  /** How many classes a mark can have (1 where marks have no classes). */
  readonly classCount: number;
  /** The model's marks shown of all it proposed; null for types whose marks are not the model's proposals. */
  readonly proposals: { readonly shown: number; readonly total: number } | null;
  /** The answered frames around the item, when it is a video's frame and its type has `frameBoxes`. */
  readonly frames: KeyFrames | null;
  /** "Find more like these" is asking the service (its key and button wait). */
  readonly finding: boolean;
  readonly workspace: WorkspaceCommands;
}

export interface WorkspaceCommands {
  accept(): void;
  /** The class of new marks (and of the selected one): the n-th output subject. */
  pickClass(index: number): void;
  /** Moves the confidence floor by `step` (−1..1). */
  moveFloor(step: number): void;
  reject(): void;
  skip(): void;
  previous(): void;
  undo(): void;
  redo(): void;
  toggleMarks(): void;
  showHelp(): void;
  /** Escape: leaves a number field, else ends a gesture, else clears the selection. */
  cancel(): void;
  /** Asks the service for the other objects like the type's exemplars, and adds them as proposals (one undo step). */
  findMore(): void;
}

/** A registry entry: its key, its label for buttons and the `?` overlay, when it applies, and what it does. */
export interface WorkspaceAction<A = AnnotationBase> extends ShortcutAction<ActionContext<A>> {
  readonly perform: (ctx: ActionContext<A>) => void;
  /** The text of its button, where the workspace shows one. */
  readonly button?: string;
  /** It acts before the item has been seen: it answers and edits nothing (views, help, going back, Escape). */
  readonly beforeSight?: true;
}

/** Whether an action answers or edits the item, and so waits until the labeller has seen it. */
export const needsSight = (action: WorkspaceAction): boolean => !action.beforeSight && action.group !== 'View' && action.group !== 'Help';

interface PanelProps<A> {
  readonly annotation: A;
  readonly edit: Edit<A>;
  readonly subjectName: (uid: string) => string;
  readonly probabilityOf: (uid: string) => number | null;
  /** Performs one of the registry's actions, so a button does exactly what its key does. */
  readonly perform: (actionId: string) => void;
}

/** What the marks painter needs besides the annotation. */
export interface PaintScene {
  readonly view: Box;
  /**
   * Only the marks reaching into this part of the view are painted (the canvas redraws a part); labels are shown or
   * not as for the whole view.
   */
  readonly cull?: Box;
  readonly scale: number;
  readonly media: Size;
  /** The mark a gesture is moving: the overlay draws it. */
  readonly dragged: number | null;
  /** Marks the labeller hid from view (they stay in the answer). */
  readonly hidden: ReadonlySet<number>;
  /** The application's detection threshold for a subject: the model's marks under it are drawn dashed. */
  readonly thresholdOf: (subjectUid: string) => number;
  readonly subjectName: (subjectUid: string) => string;
}

export interface ToolStateBase {
  readonly name: string;
}

/** Drawing on the image: a small state machine, its overlay, and how its changes apply. */
interface CanvasTool<A, S extends ToolStateBase> {
  readonly idle: S;
  /** Its gestures ask for the object under a click (click-to-box, snapping): the canvas readies the finder as the item opens. */
  readonly findsObjects?: boolean;
  reduce(state: S, event: ToolEvent, annotation: A, scale: number): Transition<S>;
  /** A finished gesture's change; marks it adds get `newClass` (null: the first class). */
  apply(annotation: A, change: Change, newClass: string | null): A;
  /** The mark a gesture is moving, which the marks layer leaves to the overlay until the gesture ends. */
  dragged(state: S): number | null;
  paint(context: Context, annotation: A, scene: PaintScene): void;
  /**
   * Highlights mark `index` (under the pointer, here or in the object list) on the overlay: the marks layer is not
   * drawn again, and copied to the screen, each time the pointer crosses another mark.
   */
  paintHover?(context: PathPainter, annotation: A, index: number, scale: number): void;
  /** How many marks `paint` draws (the canvas moves a bitmap of many marks instead of redrawing them). */
  markCount(annotation: A): number;
  /**
   * Where mark `index` lies in image pixels, strokes, handles and labels aside. With `changedMarks`, it lets the canvas
   * redraw only the part of the marks that an edit, a gesture's start or a selection changed.
   */
  markArea?(annotation: A, index: number): Box | undefined;
  /** The marks that look different in `after` (the old and new selection included); null when more than marks changed. */
  changedMarks?(before: A, after: A): readonly number[] | null;
  /** The mark at this image point (for highlighting it under the pointer), or null. */
  markAt(annotation: A, point: ImagePoint, scale: number): number | null;
  /**
   * What the gesture in progress draws or moves (canvas/paint-overlay.ts), if anything. The selection is painted with
   * the marks: it moves with them while the camera moves, and the overlay stays empty.
   */
  paintOverlay(context: PathPainter, annotation: A, state: S, scene: Pick<PaintScene, 'scale' | 'media'>): void;
}

/** The marks as the object list shows them: listed, selected, removed one by one. */
export interface MarkObjects<A> {
  /** What one mark is called, in lower case ("box"). */
  readonly noun: string;
  count(annotation: A): number;
  /** The model's probability while the mark is its untouched proposal; undefined for the labeller's marks. */
  probability(annotation: A, index: number): number | undefined;
  /** Whether a mark without a probability is the model's all the same (a count's markers carry none). */
  byModel?(annotation: A, index: number): boolean;
  /** The mark's class (the subject it answers for), where marks have classes. */
  subject?(annotation: A, index: number): string;
  /** A few words on the mark's place or size. */
  detail(annotation: A, index: number): string;
  selected(annotation: A): number | null;
  /** Absent where marks cannot be selected. */
  select?(annotation: A, index: number | null): A;
  remove(annotation: A, index: number): A;
}

/** Marks of classes (the output subjects): keys 1–9 pick the class of new marks and move the selected one. */
export interface MarkClasses<A> {
  subjects(annotation: A): readonly string[];
  /** The selected mark's class; null when none is selected. */
  selected(annotation: A): string | null;
  /** The selected mark in this class (the labeller's from then on); the same annotation when none is selected. */
  classify(annotation: A, subjectUid: string): A;
}

/** The model's proposals among the marks: the confidence floor, and what is done to all of them at once. */
export interface ProposalMarks<A> {
  /** The model's marks under `floor` set aside (neither shown nor answered), the others shown; the same annotation when nothing moves. */
  atFloor(annotation: A, floor: number): A;
  tally(annotation: A): { shown: number; total: number };
  /** Every mark of the model gone, shown or set aside; the labeller's stay. */
  withoutProposals(annotation: A): A;
  /** As answered: the shown marks, all the labeller's; nothing set aside. */
  confirmed(annotation: A): A;
}

/** Boxes that carry over between a video's frames: copied from an answered frame, or interpolated between two. */
export interface FrameBoxes<A> {
  /** The boxes of an answer (as sent, or as the service lists the labeller's assertions). */
  fromAnswer(answer: readonly SubjectAnswer[]): SubjectBox[];
  /** The annotation with exactly these boxes (the model's set aside ones gone, nothing selected). */
  withBoxes(annotation: A, boxes: readonly SubjectBox[]): A;
  /** The boxes on `frame`, between the answered frames `before` and `after`. */
  interpolate(before: KeyFrame, after: KeyFrame, frame: number): SubjectBox[];
}

/** The boxes a labeller drew around objects of one subject, which "Find more like these" searches with. */
export interface Exemplars {
  readonly subjectUid: string;
  /** In media pixels, the newest last; at most the contract's `EXEMPLARS.max`. */
  readonly boxes: readonly Box[];
}

/** A type whose marks are objects of a subject: a few boxes of it find the others in the image (docs/api.md, predict). */
export interface ExemplarMarks<A> {
  /** The exemplars on the item; null while there are none. */
  of(annotation: A): Exemplars | null;
  /**
   * What the exemplars found (the prediction's entry for their subject) added as the model's proposals, and how many
   * were added: a find overlapping a mark already there (IoU ≥ 0.5) is left out.
   */
  withFinds(annotation: A, found: PredictedSubject, exemplars: Exemplars): { annotation: A; added: number };
}

/** Everything one application type brings to the workspace; the workspace knows no type by name. */
export interface TypeModule<A extends AnnotationBase, S extends ToolStateBase = ToolStateBase> {
  readonly type: ApplicationType;
  /** The editable start: the model's proposal, or empty when there is none. */
  initial(app: Application, target: LabelTarget): A | null;
  /** A draft kept by an older version of the app, in today's shape (null when it cannot be); absent: kept as it is. */
  revive?(stored: AnnotationBase): A | null;
  /**
   * The editor's start from an answer given before, where reading the answer as the model's proposal (True as 1,
   * False as 0, see annotation/from-answer.ts) would not do.
   */
  fromAnswer?(app: Application, target: LabelTarget, answer: readonly FeedbackSubjectAnswer[]): A;
  /** Why the annotation cannot be sent yet, in words for the person; null when it can. */
  missingInput(annotation: A): string | null;
  /** A doubt about sending it as it is (Accept again sends it), in words for the person; null when there is none. */
  doubt?(annotation: A): string | null;
  /** The subject answers of Accept. */
  answer(annotation: A): FeedbackSubjectAnswer[];
  /** The subject answers of "Not present"; absent where the type has no such answer. */
  reject?(app: Application, annotation: A): FeedbackSubjectAnswer[];
  /** The annotation without a selection (Escape); absent where nothing can be selected. */
  clearSelection?(annotation: A): A;
  /** Marks stay inside the focus box (true), or range over the whole media (offsets, measured from its edge). */
  readonly marksInFocus: boolean;
  readonly tool?: CanvasTool<A, S>;
  /** Present for types whose answer is a list of marks. */
  readonly objects?: MarkObjects<A>;
  /** Present for types whose marks have classes. */
  readonly classes?: MarkClasses<A>;
  /** Present for types whose marks may be the model's proposals, each with its probability. */
  readonly proposals?: ProposalMarks<A>;
  /** Present for types whose marks are boxes: Copy previous frame and Interpolate on a video's frames. */
  readonly frameBoxes?: FrameBoxes<A>;
  /** Present for types whose marks are objects that exemplars find more of ("Find more like these"). */
  readonly exemplars?: ExemplarMarks<A>;
  readonly actions: readonly WorkspaceAction<A>[];
  /** What its tool does with modifier keys held, for the help overlay. */
  readonly gestures?: readonly PointerGesture[];
  Panel(props: PanelProps<A>): ReactNode;
}

/** A module as the registry holds it: the workspace only ever hands a module annotations of its own type. */
export type AnyTypeModule = TypeModule<AnnotationBase, ToolStateBase>;

declare const annotationShape: unique symbol;

/** A module as its type's folder exports it: one the registry holds, whose annotations' shape the type checker keeps. */
export type ModuleOf<A extends AnnotationBase> = AnyTypeModule & { readonly [annotationShape]?: A };

/** The annotations a module makes (see `ModuleOf`): the registry's modules give the union of every type's annotation. */
export type AnnotationOf<M> = M extends { readonly [annotationShape]?: infer A } ? Exclude<A, undefined> : never;

export const defineTypeModule = <A extends AnnotationBase, S extends ToolStateBase>(module: TypeModule<A, S>): ModuleOf<A> =>
  module as unknown as ModuleOf<A>;
