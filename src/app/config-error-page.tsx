import { PageHeader } from '../components/page-header';
import { Alert } from '../components/alert';

/** Shown instead of the app when the configured service address may not be used. */
export function ConfigErrorPage({ message }: { message: string }) {
  return (
    <main className="centered-page">
      <div className="centered-page__card">
        <PageHeader title="Looplabel cannot start" />
        <Alert title="The service address is not allowed">{message}</Alert>
        <p>
          Whoever runs this copy of Looplabel sets the address in <code>/config.js</code> (<code>apiBaseUrl</code>). The
          app sends passwords and tokens only to an <code>https:</code> address, or to <code>http:</code> on this
          computer.
        </p>
      </div>
    </main>
  );
}
