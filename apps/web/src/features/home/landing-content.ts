/** The copy of the landing page, kept apart from the layout. */

export const audiences = [
  {
    title: 'Individuals',
    icon: 'user',
    text: 'New, growing or mature believers: a plan that meets you where you are and grows with you.',
  },
  {
    title: 'Groups',
    icon: 'team',
    text: 'Small groups that pray, study and encourage one another between meetings.',
  },
  {
    title: 'Churches',
    icon: 'bank',
    text: 'Leaders who want to see their people flourish and guide them with care.',
  },
] as const;

export const steps = [
  { title: 'Share Your Goals', text: 'Tell us where you want to grow and how you connect with God.' },
  { title: 'Get Your Plan', text: 'Receive a weekly rhythm of prayer, Scripture and reflection made for you.' },
  { title: 'Track Progress', text: 'Check in on small daily habits and see faithfulness add up.' },
  { title: 'Grow Together', text: 'Walk with a group that prays for you and cheers you on.' },
] as const;

export const problem = {
  title: 'Good intentions fade by Wednesday',
  points: [
    'Many believers long to pray and read the Bible more, but never find a rhythm that lasts.',
    'Reading plans are one-size-fits-all, and growth often happens alone.',
    'Leaders rarely know how their people are really doing between Sundays.',
  ],
};

export const solution = {
  title: 'A rhythm made for you, and people to share it with',
  points: [
    'Your goals become a personal weekly plan with a few simple activities each day.',
    'Habits, a guided journal and gentle reminders keep you going on busy weeks.',
    'Groups and leader dashboards turn private effort into shared encouragement.',
  ],
};

/** Six cards, one for each thing the product promises. */
export const features = [
  { title: 'AI-Guided Journal', icon: 'edit', text: 'A digital journal with fresh reflection prompts drawn from Scripture.' },
  { title: 'Community Groups', icon: 'team', text: 'Join or start a small group to pray, study and grow together.' },
  { title: 'Progress Analytics', icon: 'chart', text: 'See your streaks and weekly progress at a glance.' },
  { title: 'SMS & Email Nudges', icon: 'bell', text: 'Gentle reminders by text or email, at the time that suits you.' },
  { title: 'Leader Dashboards', icon: 'dashboard', text: 'Group leaders see participation and know who needs a call.' },
  {
    title: 'For Churches',
    icon: 'bank',
    text: 'Branded church portals, bulk onboarding and custom curriculum for your congregation.',
  },
] as const;

export const freePlanFeatures = [
  'A personalized plan',
  'Basic habit tracking',
  'AI-guided journaling',
  'Join one group',
] as const;

/** Matthew 28:19–20, World English Bible (public domain). */
export const greatCommission = {
  text: 'Go and make disciples of all nations, baptizing them in the name of the Father and of the Son and of the Holy Spirit, teaching them to observe all things that I commanded you. Behold, I am with you always, even to the end of the age.',
  reference: 'Matthew 28:19–20',
  translation: 'World English Bible',
};

/** Roles, not invented people. */
export const team = [
  { role: 'Founder', initials: 'F', text: 'Sets the vision: helping the church make disciples, not just converts, in a digital age.' },
  { role: 'CTO', initials: 'CTO', text: 'Leads the technology and keeps the platform secure, private and reliable.' },
  { role: 'Development Team', initials: 'DT', text: 'Designers and engineers who build every feature with care for the people using it.' },
] as const;
