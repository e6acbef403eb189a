// The demo church's curriculum: six weeks through Mark's Gospel, written, published and assigned to the demo group
// from this week through the public API (docs/curricula.md), so the demo member's and Grace's plans follow week 1.
import { expectOk, request, waitFor } from './api.mjs';

export const demoCurriculumTitle = 'Walking with Mark';

const readings = [
  ['The beginning of the good news', 'Mark 1:1-20', 'What would it mean for you to “follow” this week?'],
  ['Healing and forgiveness', 'Mark 2:1-12', 'Who are the friends who carry you?'],
  ['Parables of the kingdom', 'Mark 4:1-20', 'What kind of soil is your heart today?'],
  ['Feeding the crowds', 'Mark 6:30-44', 'What small thing could you offer?'],
  ['Who do you say I am?', 'Mark 8:27-38', 'Answer Jesus’ question in your own words.'],
  ['The servant king', 'Mark 10:35-45', 'Where could you serve unnoticed this week?'],
];

const activity = (name, description, durationMinutes, scripture = null, reflectionPrompt = null) => ({
  name,
  description,
  durationMinutes,
  scripture,
  reflectionPrompt,
});

/** Monday: the reading; Wednesday: praying it; Friday: living it. Other days are the member's own plan. */
const weekOf = ([title, scripture, prompt]) => ({
  title,
  summary: `This week's reading: ${scripture}. Read it on Monday, pray it on Wednesday, live it on Friday.`,
  days: [
    { activities: [] },
    { activities: [activity(`Read ${scripture}`, 'Read the passage slowly, twice, noticing one word that stays with you.', 15, scripture, prompt)] },
    { activities: [] },
    { activities: [activity('Pray the passage', 'Turn the passage into a prayer, line by line, in your own words.', 10, scripture)] },
    { activities: [] },
    { activities: [activity('Live it out', 'Do one concrete thing this passage asks of you, and tell someone in your group.', 20, null, prompt)] },
    { activities: [] },
  ],
});

/** Once: a church admin's curriculum, published and assigned to the group from this week's Sunday. */
export const seedCurriculum = async (apiUrl, admin, church, group) => {
  const token = admin.accessToken;
  // Formation learns who administers the church from community's events: the first read may come before it.
  const list = await waitFor(async () => {
    const res = await request(apiUrl, 'GET', `/api/curricula?churchId=${church.id}`, { token });
    return res.status === 200 ? res.body : undefined;
  }, 'formation to know the demo church admin');
  if (list.items.some((c) => c.title === demoCurriculumTitle)) return;

  const created = expectOk(
    await request(apiUrl, 'POST', '/api/curricula', {
      token,
      body: { churchId: church.id, title: demoCurriculumTitle, description: 'Six weeks through the Gospel of Mark, for the whole fellowship.' },
    }),
    'create the demo curriculum',
  );
  expectOk(
    await request(apiUrl, 'PUT', `/api/curricula/${created.id}/draft`, {
      token,
      body: { revision: created.revision, title: created.title, description: created.description, weeks: readings.map(weekOf) },
    }),
    'write the demo curriculum',
  );
  const published = expectOk(await request(apiUrl, 'POST', `/api/curricula/${created.id}/publish`, { token }), 'publish the demo curriculum');
  expectOk(
    await request(apiUrl, 'POST', `/api/curricula/${created.id}/assignments`, {
      token,
      body: { audience: 'groups', groupIds: [group.id], startDate: published.currentWeekStart },
    }),
    'assign the demo curriculum to the demo group',
  );
};
