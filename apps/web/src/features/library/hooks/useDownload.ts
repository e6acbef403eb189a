import type { Resource } from '@abide/contracts';
import { App } from 'antd';
import { useState } from 'react';
import { problemOf } from '../../../shared/api/problem-details';
import { useUploadsDownloadMutation } from '../libraryApi';

/** Opens a link the browser saves (the object store answers with Content-Disposition: attachment). */
function saveFrom(url: string, fileName: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/** Download: asks the library for a short-lived pre-signed link, then lets the browser save the file. */
export function useDownload() {
  const { notification } = App.useApp();
  const [getLink] = useUploadsDownloadMutation();
  const [busyId, setBusyId] = useState<string | null>(null);

  const download = async (resource: Resource) => {
    setBusyId(resource.id);
    const result = await getLink(resource.id);
    setBusyId(null);
    if (result.error || !result.data) {
      notification.error({ title: 'Download failed', description: problemOf(result.error)?.detail ?? 'Please try again.' });
      return;
    }
    saveFrom(result.data.url, result.data.fileName);
  };

  return { download, busyId };
}
