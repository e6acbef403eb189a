import { settingsResponseSchema } from '@abide/contracts';
import type { DefinitionsFromApi, FetchArgs, OverrideResultType } from '@reduxjs/toolkit/query';
import { abideApi, type SettingsResponseDto } from '../../shared/api/generated/abideApi';
import { fileNameFromDisposition } from '../../shared/api/file-name';
import { checkedBy } from '../../shared/api/response-schema';

export type AccountSettings = SettingsResponseDto;
const settingsChecked = checkedBy<AccountSettings>(settingsResponseSchema);

export interface DataExport {
  fileName: string;
  content: string;
}

const FALLBACK_EXPORT_NAME = 'abide-data.json';

type Definitions = DefinitionsFromApi<typeof abideApi>;

export const settingsApi = abideApi.enhanceEndpoints<
  never,
  { accountExportExport: OverrideResultType<Definitions['accountExportExport'], DataExport> }
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
    accountExportExport: (definition) => {
      const request = definition.query!;
      definition.query = (arg) => ({ ...(request(arg) as FetchArgs), responseHandler: 'text' });
      definition.transformResponse = (content: string, meta) => ({
        content,
        fileName: fileNameFromDisposition(meta?.response?.headers.get('Content-Disposition'), FALLBACK_EXPORT_NAME),
      });
      definition.keepUnusedDataFor = 0;
    },
  },
});

export const {
  useSettingsGetQuery,
  useSettingsUpdateMutation,
  usePasswordsChangeMutation,
  useLazyAccountExportExportQuery,
  useAccountDeletionDeleteMutation,
} = settingsApi;
