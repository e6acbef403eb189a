import { settingsResponseSchema } from '@abide/contracts';
import type { DefinitionsFromApi, FetchArgs, OverrideResultType } from '@reduxjs/toolkit/query';
import { abideApi, type SettingsResponseDto } from '../../shared/api/generated/abideApi';
import { checkedBy } from '../../shared/api/response-schema';

export type AccountSettings = SettingsResponseDto;
const settingsChecked = checkedBy<AccountSettings>(settingsResponseSchema);

export interface DataExport {
  fileName: string;
  content: string;
}

const FALLBACK_EXPORT_NAME = 'abide-data.json';

/** The file name of a Content-Disposition: attachment header, when the server sent one. */
export function fileNameFromDisposition(header: string | null | undefined): string {
  if (!header) return FALLBACK_EXPORT_NAME;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header)?.[1]?.trim();
  return plain || FALLBACK_EXPORT_NAME;
}

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
        fileName: fileNameFromDisposition(meta?.response?.headers.get('Content-Disposition')),
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
