import { curriculaEndpoints } from '../../shared/api/generated/endpoints/curricula';

/**
 * Formation's curriculum routes (docs/curricula.md). Every change answers with the whole curriculum, which is written
 * into its cache at once; the church's list and its progress are refetched (the routes' cache tags).
 */
export const curriculaApi = curriculaEndpoints.enhanceEndpoints({
  endpoints: {
    // The author's kept edits go into the cached curriculum (no refetch for each: it would change nothing on screen),
    // so reopening the editor in this tab shows them too.
    curriculaKeepWorkingCopy: {
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
