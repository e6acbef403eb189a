// Demo data goes in through the public API, exactly as a person's actions would, so every figure is real.
export const demoMember = { name: 'Demo Member', email: 'demo@abide.local', password: 'abide-demo-walk' };

export const seedDemoData = async (apiUrl) => {
  const res = await fetch(`${apiUrl}/api/auth/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(demoMember),
  });
  // 409: the demo member exists from an earlier start, which is fine.
  if (res.status !== 201 && res.status !== 409) {
    throw new Error(`could not create the demo member: ${res.status} ${await res.text()}`);
  }
  return demoMember;
};
