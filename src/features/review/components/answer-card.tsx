import type { LabellerAnswerView } from '../../../api/schemas/consensus';
import type { Focus } from '../../../api/types';
import type { Media } from '../../../api/schemas/media';
import { colourOf, imageUrlFor, marksOf, summaryLines } from '../utils/answer-view';
import { labellerName } from '../utils/labeller-columns';

export interface AnswerCardProps {
  index: number;
  type: string;
  media: Media;
  focus: Focus | null;
  answer: LabellerAnswerView;
  subjectName: (uid: string) => string;
  /** Makes the card a choice, chosen by its number key: absent, the card only shows the answer. */
  choice?: { selected: boolean; onSelect: () => void };
}

const OUTLINE = 'rgb(0 0 0 / 65%)';

/** One labeller's answer: their marks over the image, in their colour, and what they said per subject. */
export function AnswerCard({ index, type, media, focus, answer, subjectName, choice }: AnswerCardProps) {
  const { image_width: width, image_height: height } = media;
  const marks = marksOf(type, answer.subjects);
  const colour = colourOf(index);
  const who = labellerName(answer);
  const dot = Math.max(width, height) / 120;
  const content = (
    <>
      <span className="answer-card__head">
        {choice && <kbd className="answer-card__key">{index + 1}</kbd>}
        <span className="answer-card__swatch" style={{ background: colour }} aria-hidden />
        <span className="answer-card__who" title={answer.email ?? undefined}>
          {who}
        </span>
      </span>
      <span className="answer-card__image" style={{ aspectRatio: `${width} / ${height}` }}>
        <img src={imageUrlFor(media)} alt="" draggable={false} />
        <svg viewBox={`0 0 ${width} ${height}`} preserveAspectRatio="xMidYMid meet" aria-hidden>
          {focus && (
            <rect className="answer-card__focus" x={focus.box.x0} y={focus.box.y0} width={focus.box.x1 - focus.box.x0} height={focus.box.y1 - focus.box.y0} />
          )}
          {/* Each line twice, dark under the colour, so that marks read on light and dark images alike. */}
          {[OUTLINE, colour].map((stroke) => (
            <g key={stroke} stroke={stroke} fill="none" className={stroke === OUTLINE ? 'answer-card__outline' : undefined}>
              {marks.boxes.map((box, i) => (
                <rect key={`b${i}`} x={box.x0} y={box.y0} width={box.x1 - box.x0} height={box.y1 - box.y0} />
              ))}
              {marks.lines.map((line, i) =>
                line.axis === 'x' ? <line key={`l${i}`} x1={line.at} x2={line.at} y1={0} y2={height} /> : <line key={`l${i}`} x1={0} x2={width} y1={line.at} y2={line.at} />,
              )}
            </g>
          ))}
          <g fill={colour} className="answer-card__points">
            {marks.points.map((point, i) => (
              <circle key={`p${i}`} cx={point.x} cy={point.y} r={dot} />
            ))}
          </g>
        </svg>
      </span>
      <span className="answer-card__summary">
        {summaryLines(type, answer.subjects, subjectName).map((line) => (
          <span key={line}>{line}</span>
        ))}
      </span>
    </>
  );
  if (!choice) {
    return (
      <figure className="answer-card answer-card--static" aria-label={`Answer by ${who}`}>
        {content}
      </figure>
    );
  }
  return (
    <button type="button" className="answer-card" aria-pressed={choice.selected} onClick={choice.onSelect} aria-label={`Answer ${index + 1} by ${who}`}>
      {content}
    </button>
  );
}
