import { useState } from 'react';
import { Alert } from '../../../components/alert';
import { EmptyState } from '../../../components/empty-state';
import { Spinner } from '../../../components/spinner';
import { useAnswerCounts } from './answer-counts';
import { formatBucket } from '../shared/format-time';
import { BucketToggle, type Bucket } from './bucket-toggle';
import { LineChart } from '../../../components/charts/line-chart';

/** Answers people gave over time: the labelling throughput of the application. */
export function ThroughputPanel({ appId }: { appId: string }) {
  const [bucket, setBucket] = useState<Bucket>('day');
  const answers = useAnswerCounts(appId, bucket);
  return (
    <section className="panel" aria-labelledby="throughput-title">
      <div className="toolbar">
        <h2 id="throughput-title" className="section-title">
          Answers
        </h2>
        <BucketToggle name="throughput-bucket" value={bucket} onChange={setBucket} />
      </div>
      {answers.isPending ? (
        <Spinner label="Loading answers…" />
      ) : answers.isError ? (
        <Alert>{answers.error.message}</Alert>
      ) : (
        <>
          <dl className="facts">
            <dt>Answers in all</dt>
            <dd>{answers.data.count}</dd>
          </dl>
          {(answers.data.buckets ?? []).length === 0 ? (
            <EmptyState title={`No answers in the last ${bucket === 'day' ? '30 days' : '48 hours'}`}>
              Answers show here as people label.
            </EmptyState>
          ) : (
            <LineChart
              title={`Answers per ${bucket}`}
              xLabels={answers.data.buckets!.map((b) => formatBucket(b.t, bucket))}
              series={[{ key: 'answers', label: 'Answers', values: answers.data.buckets!.map((b) => b.count) }]}
            />
          )}
        </>
      )}
    </section>
  );
}
