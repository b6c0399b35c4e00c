import { useParams } from 'react-router';
import { Alert } from '../../../components/alert';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { Spinner } from '../../../components/spinner';
import { useGateway } from './gateway-queries';
import { GatewayProblemList } from './gateway-flags';
import { gatewayProblems, type GatewayProblem } from './gateway-problems';
import { compareCameras, compareStatus, describeAge, formatDelta } from './gateway-status';

/** The status reading each kind of problem concerns, to mark its row. */
const READING_OF: Partial<Record<GatewayProblem['kind'], string>> = { offline: 'Connectivity', disk: 'Disk used' };

const flagClass = (problem: GatewayProblem | undefined) => (problem ? `flagged-row flagged-row--${problem.severity}` : undefined);

/** A gateway's latest report against the one before it, with what needs attention first. */
export function Component() {
  const gatewayId = useParams().gatewayId ?? '';
  const gateway = useGateway(gatewayId);
  if (gateway.isPending) return <Spinner label="Loading gateway…" />;
  if (gateway.isError) return <Alert>{gateway.error.message}</Alert>;
  const { current_status: current, previous_status: previous } = gateway.data;
  const readings = compareStatus(current, previous);
  const cameras = compareCameras(current, previous);
  const now = Date.now() / 1000;
  const reported = current?.timestamp === undefined ? 'Never reported' : `Reported ${describeAge(current.timestamp, now)}`;
  const problems = gatewayProblems(gateway.data, now);
  const flaggedReading = (label: string) => problems.find((problem) => READING_OF[problem.kind] === label);
  const flaggedCamera = (cameraId: string) => problems.find((problem) => problem.cameraId === cameraId);

  return (
    <>
      <PageHeader title={gateway.data.name} description={[gateway.data.location, reported].filter(Boolean).join(' · ')} />
      <GatewayProblemList problems={problems} />
      <dl className="facts">
        <dt>Serial number</dt>
        <dd>{gateway.data.serial_number || '—'}</dd>
        <dt>IP address</dt>
        <dd>{gateway.data.ip_address || '—'}</dd>
        <dt>Poll interval</dt>
        <dd>{gateway.data.poll_interval} s</dd>
      </dl>
      {!current ? (
        <EmptyState title="No status yet">The gateway has not reported its status.</EmptyState>
      ) : (
        <div className="panel-grid">
          <section aria-labelledby="status-title">
            <h2 id="status-title" className="section-title">
              Status
            </h2>
            <table className="data-table status-readings" aria-labelledby="status-title">
              <thead>
                <tr>
                  <th scope="col">Reading</th>
                  <th scope="col" className="numeric">
                    Now
                  </th>
                  <th scope="col" className="numeric">
                    Before
                  </th>
                  <th scope="col" className="numeric">
                    Change
                  </th>
                </tr>
              </thead>
              <tbody>
                {readings.map((reading) => (
                  <tr key={reading.label} className={flagClass(flaggedReading(reading.label))}>
                    <th scope="row">{reading.label}</th>
                    <td className="numeric">{reading.current}</td>
                    <td className="numeric">{reading.previous}</td>
                    <td className="numeric">{reading.change}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
          <section aria-labelledby="cameras-title">
            <h2 id="cameras-title" className="section-title">
              Cameras
            </h2>
            {cameras.length === 0 ? (
              <EmptyState title="No cameras" />
            ) : (
              <table className="data-table" aria-labelledby="cameras-title">
                <thead>
                  <tr>
                    <th scope="col">Camera</th>
                    <th scope="col" className="numeric">
                      Frames
                    </th>
                    <th scope="col" className="numeric">
                      Since last report
                    </th>
                    <th scope="col" className="numeric">
                      Bad
                    </th>
                    <th scope="col" className="numeric">
                      Queue full
                    </th>
                    <th scope="col" className="numeric">
                      No space
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {cameras.map((camera) => (
                    <tr key={camera.cameraId} className={flagClass(flaggedCamera(camera.cameraId))}>
                      <th scope="row" title={camera.url}>
                        {camera.cameraId}
                      </th>
                      <td className="numeric">{camera.rxframes ?? '—'}</td>
                      <td className="numeric">{formatDelta(camera.framesSinceLast)}</td>
                      <td className="numeric">{camera.badframes ?? '—'}</td>
                      <td className="numeric">{camera.queueFull ?? '—'}</td>
                      <td className="numeric">{camera.noSpace ?? '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
        </div>
      )}
    </>
  );
}
