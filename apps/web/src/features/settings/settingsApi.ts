import { settingsResponseSchema, type Settings, type SettingsResponse } from '@abide/contracts';
import { baseApi } from '../../shared/api/baseApi';

export type AccountSettings = SettingsResponse;

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

export const settingsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getSettings: build.query<AccountSettings, void>({
      query: () => '/settings',
      responseSchema: settingsResponseSchema,
      providesTags: ['Settings'],
    }),
    updateSettings: build.mutation<AccountSettings, Partial<Settings>>({
      query: (body) => ({ url: '/settings', method: 'PATCH', body }),
      responseSchema: settingsResponseSchema,
      async onQueryStarted(_patch, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(settingsApi.util.upsertQueryData('getSettings', undefined, data));
        } catch {
          // The form reports the failure.
        }
      },
    }),
    changePassword: build.mutation<void, { currentPassword: string; newPassword: string }>({
      // Served by the identity routes of the gateway (the brief's /settings/password).
      query: (body) => ({ url: '/auth/change-password', method: 'POST', body }),
    }),
    exportData: build.mutation<DataExport, void>({
      query: () => ({ url: '/account/export', responseHandler: 'text' }),
      transformResponse: (content: string, meta) => ({
        content,
        fileName: fileNameFromDisposition(meta?.response?.headers.get('Content-Disposition')),
      }),
    }),
    deleteAccount: build.mutation<void, { password: string }>({
      query: (body) => ({ url: '/account/delete', method: 'POST', body }),
    }),
  }),
});

export const {
  useGetSettingsQuery,
  useUpdateSettingsMutation,
  useChangePasswordMutation,
  useExportDataMutation,
  useDeleteAccountMutation,
} = settingsApi;
