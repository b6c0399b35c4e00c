import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DetectorClassSetting } from '../../../api/detector/classes';
import { setSubjectDetectorClass } from '../../../api/endpoints/subjects';
import { getApiClient } from '../../../lib/api-client';
import { subjectKeys } from '../../../lib/queries/keys';

export function useSetSubjectDetectorClass() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ subjectUid, detectorClass }: { subjectUid: string; detectorClass: DetectorClassSetting }) =>
      setSubjectDetectorClass(getApiClient(), subjectUid, detectorClass),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: subjectKeys.all }),
  });
}
