import type { DefinitionsFromApi, OverrideResultType } from '@reduxjs/toolkit/query';
import type { abideApi, SettingsResponseDto } from '../../shared/api/generated/abideApi';
import { settingsEndpoints } from '../../shared/api/generated/endpoints/settings';
import { asFileDownload, type DownloadedFile } from '../../shared/api/file-download';

export type AccountSettings = SettingsResponseDto;

type Definitions = DefinitionsFromApi<typeof abideApi>;

export const settingsApi = settingsEndpoints.enhanceEndpoints<
  never,
  { accountExportExport: OverrideResultType<Definitions['accountExportExport'], DownloadedFile> }
>({
  endpoints: {
    settingsUpdate: {
      async onQueryStarted(_patch, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(settingsApi.util.upsertQueryData('settingsGet', undefined, data));
        } catch {
          // The form reports the failure.
        }
      },
    },
    // "Download my data": the file as text, named as the server names it; not kept once the download has started.
    accountExportExport: asFileDownload('abide-data.json'),
  },
});

export const {
  useSettingsGetQuery,
  useSettingsUpdateMutation,
  usePasswordsChangeMutation,
  useLazyAccountExportExportQuery,
  useAccountDeletionDeleteMutation,
} = settingsApi;
