import {
  curriculumAssignmentSchema,
  curriculumDetailSchema,
  curriculumListSchema,
  curriculumProgressSchema,
  curriculumWeekPreviewSchema,
  curriculumWorkingCopySchema,
} from '@abide/contracts';
import { abideApi } from '../../shared/api/generated/abideApi';
import { checkedBy } from '../../shared/api/response-schema';

const curriculum = (id: string) => ({ type: 'Curriculum' as const, id });

/**
 * Formation's curriculum routes (docs/curricula.md). Every change answers with the whole curriculum, which is written
 * into its cache at once; the church's list and its progress are refetched.
 */
export const curriculaApi = abideApi.enhanceEndpoints<'Curricula' | 'Curriculum' | 'CurriculumWeek' | 'CurriculumProgress'>({
  addTagTypes: ['Curricula', 'Curriculum', 'CurriculumWeek', 'CurriculumProgress'],
  endpoints: {
    curriculaList: { responseSchema: checkedBy(curriculumListSchema), providesTags: ['Curricula'] },
    curriculaDetail: { responseSchema: checkedBy(curriculumDetailSchema), providesTags: (_r, _e, id) => [curriculum(id)] },
    curriculaCreate: { responseSchema: checkedBy(curriculumDetailSchema), invalidatesTags: ['Curricula'] },
    curriculaSaveDraft: { responseSchema: checkedBy(curriculumDetailSchema), invalidatesTags: (_r, e, { id }) => (e ? [] : ['Curricula', 'CurriculumWeek', curriculum(id)]) },
    curriculaPublish: { responseSchema: checkedBy(curriculumDetailSchema), invalidatesTags: (_r, _e, id) => ['Curricula', 'CurriculumWeek', 'CurriculumProgress', curriculum(id)] },
    curriculaDuplicate: { responseSchema: checkedBy(curriculumDetailSchema), invalidatesTags: ['Curricula'] },
    curriculaArchive: { responseSchema: checkedBy(curriculumDetailSchema), invalidatesTags: (_r, _e, id) => ['Curricula', curriculum(id)] },
    curriculaRestore: { responseSchema: checkedBy(curriculumDetailSchema), invalidatesTags: (_r, _e, id) => ['Curricula', curriculum(id)] },
    curriculaAssign: { responseSchema: checkedBy(curriculumAssignmentSchema), invalidatesTags: (_r, _e, { id }) => ['Curricula', 'CurriculumProgress', curriculum(id)] },
    curriculaEndAssignment: { invalidatesTags: (_r, _e, { id }) => ['Curricula', curriculum(id)] },
    // The author's kept edits go into the cached curriculum (no refetch for each: it would change nothing on screen),
    // so reopening the editor in this tab shows them too.
    curriculaKeepWorkingCopy: {
      responseSchema: checkedBy(curriculumWorkingCopySchema),
      onQueryStarted: async ({ id }, { dispatch, queryFulfilled }) => {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) {
          dispatch(
            curriculaApi.util.updateQueryData('curriculaDetail', id, (draft) => {
              draft.workingCopy = data;
            }),
          );
        }
      },
    },
    curriculaDiscardWorkingCopy: { responseSchema: checkedBy(curriculumDetailSchema), invalidatesTags: (_r, _e, id) => [curriculum(id)] },
    curriculaWeek: { responseSchema: checkedBy(curriculumWeekPreviewSchema), providesTags: ['CurriculumWeek'] },
    curriculaProgress: { responseSchema: checkedBy(curriculumProgressSchema), providesTags: ['CurriculumProgress'] },
  },
});

export const {
  useCurriculaListQuery,
  useCurriculaDetailQuery,
  useCurriculaCreateMutation,
  useCurriculaSaveDraftMutation,
  useCurriculaKeepWorkingCopyMutation,
  useCurriculaDiscardWorkingCopyMutation,
  useCurriculaPublishMutation,
  useCurriculaDuplicateMutation,
  useCurriculaArchiveMutation,
  useCurriculaRestoreMutation,
  useCurriculaAssignMutation,
  useCurriculaEndAssignmentMutation,
  useCurriculaWeekQuery,
  useCurriculaProgressQuery,
} = curriculaApi;
