import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { LabellerAnswer } from '../../../api/schemas/labellers';
import type { Application } from '../../../api/schemas/application';
import { Alert } from '../../../components/alert';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { Spinner } from '../../../components/spinner';
import { useApplication } from '../../../lib/queries/application';
import { labellerAnswersQueryOptions, labellersQueryOptions } from '../../../lib/queries/labellers';
import { useSubjectNames } from '../../../lib/queries/subjects';
import { AnswerCard } from '../components/answer-card';
import { labellerName } from '../utils/labeller-columns';
import './review.css';

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'short', timeStyle: 'medium' });

/** How an answer fared against what it is judged by; a gold score under the flag threshold is a miss. */
function verdictOf(answer: LabellerAnswer, flagBelow: number): { text: string; tone: 'good' | 'bad' | 'none' } {
  if (answer.reference_source === 'gold') {
    const score = answer.score ?? 0;
    return { text: `Gold item: scored ${Math.round(score * 100)} %`, tone: score >= flagBelow ? 'good' : 'bad' };
  }
  if (answer.reference_source === 'consensus') return answer.agrees ? { text: 'Agrees with the decision', tone: 'good' } : { text: 'Differs from the decision', tone: 'bad' };
  return { text: 'Not decided by consensus', tone: 'none' };
}

interface JudgedAnswerProps {
  application: Application;
  answer: LabellerAnswer;
  who: string;
  mediaPath: string;
  subjectName: (uid: string) => string;
}

function JudgedAnswer({ application, answer, who, mediaPath, subjectName }: JudgedAnswerProps) {
  const verdict = verdictOf(answer, application.quality_flag_below);
  const given = { user_id: '', email: null, name: who, subjects: answer.subjects, decision_time: answer.decision_time };
  const reference = answer.reference && { user_id: '', email: null, name: answer.reference_source === 'gold' ? 'Gold truth' : 'Decided answer', subjects: answer.reference, decision_time: answer.decision_time };
  return (
    <li className="judged-answer">
      <p className="judged-answer__meta">
        <span className={`verdict verdict--${verdict.tone}`}>{verdict.text}</span>
        <time className="muted" dateTime={new Date(answer.decision_time * 1000).toISOString()}>
          {timeFormat.format(new Date(answer.decision_time * 1000))}
        </time>
        <Link to={mediaPath}>
          {answer.media.filename ?? answer.media_id}
        </Link>
      </p>
      <div className="judged-answer__pair">
        <AnswerCard index={0} type={application.type} media={answer.media} focus={answer.focus} answer={given} subjectName={subjectName} />
        {reference && (
          <AnswerCard index={1} type={application.type} media={answer.media} focus={answer.focus} answer={reference} subjectName={subjectName} />
        )}
      </div>
    </li>
  );
}

/** One labeller's latest answers in the application, each beside the decision or gold truth it is judged against. */
export function Component() {
  const { tenantId = '', appId = '', userId = '' } = useParams();
  const [onlyMisses, setOnlyMisses] = useState(false);
  const application = useApplication(appId);
  const answers = useQuery(labellerAnswersQueryOptions(appId, userId));
  const people = useQuery(labellersQueryOptions({ appId }, 365));
  const subjectName = useSubjectNames(tenantId);
  const person = people.data?.labellers.find((labeller) => labeller.user_id === userId);
  const who = person ? labellerName(person) : 'This labeller';
  const appPath = `/t/${encodeURIComponent(tenantId)}/apps/${encodeURIComponent(appId)}`;
  if (application.isPending || answers.isPending) return <Spinner label="Loading their answers…" />;
  if (application.isError) return <Alert>{application.error.message}</Alert>;
  if (answers.isError) return <Alert>{answers.error.message}</Alert>;
  const shown = onlyMisses ? answers.data.filter((answer) => verdictOf(answer, application.data.quality_flag_below).tone === 'bad') : answers.data;
  return (
    <>
      <PageHeader
        title={`${who} · recent answers`}
        description={
          <>
            Their latest answers in {application.data.name}, newest first, beside the gold truth or the decided answer.{' '}
            <Link to={`${appPath}/review`}>Back to review</Link>
          </>
        }
      />
      <label className="choice judged-answers__filter">
        <input type="checkbox" checked={onlyMisses} onChange={(event) => setOnlyMisses(event.target.checked)} />
        Only answers that differ from the decision or the gold truth
      </label>
      {shown.length === 0 ? (
        <EmptyState title={onlyMisses ? 'No answer differs' : 'No answers yet'}>
          {onlyMisses ? 'Each of their recent answers agrees with what it is judged against.' : 'Their answers in this application appear here.'}
        </EmptyState>
      ) : (
        <ol className="judged-answers">
          {shown.map((answer) => (
            <JudgedAnswer
              key={`${answer.media_id}:${answer.decision_time}`}
              application={application.data}
              answer={answer}
              who={who}
              mediaPath={`${appPath}/media/${encodeURIComponent(answer.media_id)}`}
              subjectName={subjectName}
            />
          ))}
        </ol>
      )}
    </>
  );
}
