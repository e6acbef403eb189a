import type { Theme } from './content-types';
import { goal } from './goals';

const { prayerLife, bibleReading, servingOthers, buildingCommunity, disciplines, discipleship } = goal;

/** The weekly themes of the built-in plan generator: one per week, never repeated in recent weeks. */
export const themes: readonly Theme[] = [
  {
    id: 'abiding-in-the-vine',
    title: 'Abiding in the Vine',
    description:
      'Jesus invites us to stay close to him the way a branch stays joined to the vine. This week, make room each day simply to remain with him.',
    scriptures: ['John 15:1-11', 'Psalm 1:1-3', 'Colossians 2:6-7'],
    goals: [prayerLife, disciplines],
    connections: ['prayer', 'bible', 'nature'],
  },
  {
    id: 'prayer-as-conversation',
    title: 'Prayer as Conversation',
    description:
      'Prayer is not a performance but an honest conversation with a Father who listens. This week, practise speaking plainly and listening patiently.',
    scriptures: ['Matthew 6:5-13', 'Luke 11:1-13', 'Philippians 4:6-7', '1 Thessalonians 5:16-18'],
    goals: [prayerLife],
    connections: ['prayer'],
  },
  {
    id: 'a-lamp-to-my-feet',
    title: 'A Lamp to My Feet',
    description:
      "God's word gives enough light for the next step, not always the whole road. This week, let Scripture shape one ordinary decision each day.",
    scriptures: ['Psalm 119:105-112', '2 Timothy 3:14-17', 'Joshua 1:8-9', 'James 1:22-25'],
    goals: [bibleReading, disciplines],
    connections: ['bible'],
  },
  {
    id: 'sabbath-rest',
    title: 'Sabbath Rest',
    description:
      'Rest is a gift, not a reward we earn. This week, practise stopping, trusting that God keeps the world turning while you are still.',
    scriptures: ['Exodus 20:8-11', 'Mark 2:23-28', 'Matthew 11:28-30', 'Hebrews 4:9-11'],
    goals: [disciplines, prayerLife],
    connections: ['nature', 'worship'],
  },
  {
    id: 'a-grateful-heart',
    title: 'A Grateful Heart',
    description:
      'Thankfulness opens our eyes to gifts we walk past every day. This week, name God’s kindness out loud, specifically and often.',
    scriptures: ['Psalm 100', 'Psalm 103:1-5', 'Colossians 3:15-17', 'Luke 17:11-19'],
    goals: [prayerLife, disciplines],
    connections: ['worship', 'prayer'],
  },
  {
    id: 'love-your-neighbour',
    title: 'Love Your Neighbour',
    description:
      'Jesus answered "Who is my neighbour?" with a story about stopping for someone in need. This week, look for the person God puts on your road.',
    scriptures: ['Luke 10:25-37', '1 John 3:16-18', 'Romans 13:8-10'],
    goals: [servingOthers, buildingCommunity],
    connections: ['service', 'community'],
  },
  {
    id: 'the-way-of-the-servant',
    title: 'The Way of the Servant',
    description: 'The Lord of all took a towel and washed his friends’ feet. This week, follow him into small, unseen acts of service.',
    scriptures: ['John 13:1-17', 'Mark 10:42-45', 'Philippians 2:3-8'],
    goals: [servingOthers, discipleship],
    connections: ['service'],
  },
  {
    id: 'life-together',
    title: 'Life Together',
    description:
      'The first believers devoted themselves to teaching, fellowship, meals and prayer. This week, invest in the people you walk with in faith.',
    scriptures: ['Acts 2:42-47', 'Hebrews 10:23-25', 'Romans 12:9-16'],
    goals: [buildingCommunity],
    connections: ['community', 'worship'],
  },
  {
    id: 'an-open-table',
    title: 'An Open Table',
    description:
      'Hospitality makes room for others the way God has made room for us. This week, open your door, your table or your time to someone.',
    scriptures: ['Romans 12:13', 'Hebrews 13:1-2', 'Luke 14:12-14', '1 Peter 4:8-10'],
    goals: [buildingCommunity, servingOthers],
    connections: ['community', 'service'],
  },
  {
    id: 'a-reason-for-hope',
    title: 'A Reason for Our Hope',
    description:
      'We are invited to explain the hope we have with gentleness and respect. This week, notice where your story of faith could encourage someone.',
    scriptures: ['1 Peter 3:15-16', 'Matthew 5:13-16', 'Colossians 4:5-6'],
    goals: [discipleship],
    connections: ['community', 'bible'],
  },
  {
    id: 'come-follow-me',
    title: 'Come, Follow Me',
    description:
      'Discipleship begins with Jesus calling ordinary people by name. This week, listen again for his call and help someone else take a step with him.',
    scriptures: ['Mark 1:16-20', 'Luke 9:23-25', 'Matthew 28:18-20'],
    goals: [discipleship, bibleReading],
    connections: ['bible', 'community'],
  },
  {
    id: 'the-heavens-declare',
    title: 'The Heavens Declare',
    description:
      'Creation is always speaking of its Maker, if we slow down enough to listen. This week, meet God in the world he has made.',
    scriptures: ['Psalm 19:1-6', 'Psalm 104:24-30', 'Matthew 6:25-30', 'Romans 1:20'],
    goals: [prayerLife, disciplines],
    connections: ['nature', 'worship'],
  },
  {
    id: 'trust-in-anxious-times',
    title: 'Trust in Anxious Times',
    description:
      'God does not tell us to pretend we are not afraid; he tells us he is with us. This week, hand your worries to him one at a time.',
    scriptures: ['Psalm 46:1-3', 'Matthew 6:31-34', '1 Peter 5:6-7', 'Isaiah 41:10'],
    goals: [prayerLife],
    connections: ['prayer', 'nature'],
  },
  {
    id: 'forgiven-and-forgiving',
    title: 'Forgiven and Forgiving',
    description:
      'We forgive because we have been forgiven much. This week, receive God’s mercy afresh and take one step towards extending it.',
    scriptures: ['Psalm 32:1-5', 'Matthew 18:21-35', 'Ephesians 4:31-32', 'Colossians 3:12-14'],
    goals: [disciplines, buildingCommunity],
    connections: ['prayer', 'community'],
  },
  {
    id: 'fruit-of-the-spirit',
    title: 'The Fruit of the Spirit',
    description:
      'Love, joy, peace and patience grow slowly as we keep in step with the Spirit. This week, pay attention to one fruit and ask God to grow it in you.',
    scriptures: ['Galatians 5:22-25', 'John 15:4-5', 'Romans 8:5-6'],
    goals: [disciplines, discipleship],
    connections: ['prayer', 'bible'],
  },
  {
    id: 'a-generous-life',
    title: 'A Generous Life',
    description:
      'Everything we have is on loan from a generous God. This week, practise cheerful giving with your money, your time and your attention.',
    scriptures: ['2 Corinthians 9:6-11', 'Acts 20:35', 'Luke 21:1-4'],
    goals: [servingOthers, disciplines],
    connections: ['service'],
  },
  {
    id: 'beloved-children',
    title: 'Beloved Children of God',
    description:
      'Before we do anything for God, we are called his children. This week, let your work and worship flow from being loved rather than earning love.',
    scriptures: ['1 John 3:1-2', 'Ephesians 2:8-10', 'Romans 8:14-17', 'Isaiah 43:1-4'],
    goals: [prayerLife, bibleReading],
    connections: ['worship', 'bible'],
  },
  {
    id: 'wisdom-from-above',
    title: 'Wisdom from Above',
    description:
      'God gives wisdom generously to those who ask. This week, bring your decisions to him and look for wisdom that is peaceable and sincere.',
    scriptures: ['James 1:5-8', 'James 3:13-18', 'Proverbs 3:5-8'],
    goals: [bibleReading, prayerLife],
    connections: ['bible', 'prayer'],
  },
  {
    id: 'honest-lament',
    title: 'Honest Lament, Living Hope',
    description:
      'The psalms show us that sorrow can be brought to God, not hidden from him. This week, be honest about what hurts and watch for his faithfulness.',
    scriptures: ['Psalm 13', 'Lamentations 3:19-26', 'Romans 8:18-28'],
    goals: [prayerLife, bibleReading],
    connections: ['prayer', 'worship'],
  },
  {
    id: 'joy-in-the-lord',
    title: 'Joy in the Lord',
    description:
      'Christian joy is deeper than a good mood; it rests on who God is. This week, look for reasons to rejoice and share them with others.',
    scriptures: ['Philippians 4:4-7', 'Nehemiah 8:10', 'John 15:11', 'Psalm 16:8-11'],
    goals: [prayerLife, buildingCommunity],
    connections: ['worship', 'community'],
  },
  {
    id: 'hungry-for-god',
    title: 'Hungry for God',
    description:
      'Fasting and simplicity make space to notice our deeper hunger for God. This week, set something aside so that you can seek him more fully.',
    scriptures: ['Matthew 6:16-18', 'Isaiah 58:6-9', 'Psalm 63:1-5'],
    goals: [disciplines, prayerLife],
    connections: ['prayer', 'service'],
  },
  {
    id: 'the-good-shepherd',
    title: 'The Good Shepherd',
    description:
      'Jesus knows his sheep by name and leads them to rest and to life. This week, let him lead you beside still waters and through the harder valleys.',
    scriptures: ['Psalm 23', 'John 10:11-16', 'Ezekiel 34:11-16'],
    goals: [prayerLife, bibleReading],
    connections: ['nature', 'bible'],
  },
];
