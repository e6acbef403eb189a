export default async function stackGlobalTeardown() {
  const stack = globalThis.__abideStack;
  if (!stack) return;
  await stack.web.stop();
  await stack.services.stop();
}
