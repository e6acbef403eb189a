/** A file as one multipart `file` part (the generated type names the part; fetch sends the form as it is). */
export const fileForm = (file: File): { file: Blob } => {
  const form = new FormData();
  form.append('file', file, file.name);
  return form as unknown as { file: Blob };
};
