import { settingsResponseSchema } from '@abide/contracts';
import type { DefinitionsFromApi, OverrideResultType } from '@reduxjs/toolkit/query';
import { abideApi, type SettingsResponseDto } from '../../shared/api/generated/abideApi';
import { asFileDownload, type DownloadedFile } from '../../shared/api/file-download';
import { checkedBy } from '../../shared/api/response-schema';

export type AccountSettings = SettingsResponseDto;
const settingsChecked = checkedBy<AccountSettings>(settingsResponseSchema);

type Definitions = DefinitionsFromApi<typeof abideApi>;

export const settingsApi = abideApi.enhanceEndpoints<
  never,
  { accountExportExport: OverrideResultType<Definitions['accountExportExport'], DownloadedFile> }
>({
  endpoints: {
    settingsGet: { responseSchema: settingsChecked, providesTags: ['Settings'] },
    settingsUpdate: {
      responseSchema: settingsChecked,
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
