import { useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { LabellerAnalytics } from '../components/labeller-analytics';
import './review.css';

/** The tenant's labellers across its applications, for its administrators (each application's Review tab has its own). */
export function Component() {
  const { tenantId = '' } = useParams();
  return (
    <>
      <PageHeader
        title="People"
        description="How fast and how well each labeller answers, across the tenant's applications. An application's Review tab shows the same for it alone, with each labeller's recent answers."
      />
      <LabellerAnalytics scope={{ tenantId }} />
    </>
  );
}
