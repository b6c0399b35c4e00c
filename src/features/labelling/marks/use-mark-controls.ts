import { useCallback, useMemo } from 'react';
import { selectConfidenceFloor, setConfidenceFloor, usePreferences } from '../../../lib/preferences';
import type { Annotation } from '../contract/type-module';
import type { AnyTypeModule } from '../contract/type-module';
import { pickDrawClass, useDrawClass } from './draw-class-store';

export interface ConfidenceFloor {
  /** 0..1, remembered per application. */
  readonly floor: number;
  setFloor(floor: number): void;
  /** The annotation at the floor: what the workspace shows, edits and answers. */
  readonly view: (annotation: Annotation) => Annotation;
}

/** The application's confidence floor (a preference kept per application), for types whose marks may be the model's. */
export function useConfidenceFloor(appId: string, module: AnyTypeModule): ConfidenceFloor {
  const floor = usePreferences(selectConfidenceFloor(appId));
  const { proposals } = module;
  const view = useCallback((annotation: Annotation) => (proposals ? (proposals.atFloor(annotation, floor) as Annotation) : annotation), [proposals, floor]);
  const setFloor = useCallback((next: number) => setConfidenceFloor(appId, next), [appId]);
  return { floor, setFloor, view };
}

export interface MarkClassPicker {
  /** The classes a mark can have, in the application's order (one or none: no picker). */
  readonly classes: readonly string[];
  /** The class new marks get. */
  readonly drawClass: string | null;
  /** The selected mark's class. */
  readonly selectedClass: string | null;
  /** The class of the n-th place for new marks, and the selected mark moved into it. */
  pick(index: number, edit: (change: (annotation: Annotation) => Annotation) => void): void;
}

const NO_CLASSES: readonly string[] = [];

export function useMarkClasses(appId: string, module: AnyTypeModule, annotation: Annotation): MarkClassPicker {
  const { classes: marks } = module;
  const classes = marks?.subjects(annotation) ?? NO_CLASSES;
  const drawClass = useDrawClass(appId, classes);
  return {
    classes,
    drawClass,
    selectedClass: marks?.selected(annotation) ?? null,
    pick: (index, edit) => {
      const uid = classes[index];
      if (uid === undefined || !marks) return;
      pickDrawClass(appId, uid);
      edit((a) => marks.classify(a, uid) as Annotation);
    },
  };
}

/** A name lookup that changes only when the classes' names do, so that the marks are not repainted for nothing. */
export function useClassNames(classes: readonly string[], subjectName: (uid: string) => string): (uid: string) => string {
  const names = classes.map(subjectName).join('\n');
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(() => subjectName, [names]);
}
