/**
 * The words of the demo's past sermons, with their translations (written for the demo, labelled
 * "demo" like the demo translator's output so nobody takes them for a provider's).
 */
export const historyLines: Array<{ en: string; pt: string; es: string; 'zh-Hans': string }> = [
  {
    en: 'Good morning church, it is wonderful to see you all here today.',
    pt: 'Bom dia, igreja, é maravilhoso ver todos vocês aqui hoje.',
    es: 'Buenos días, iglesia, es maravilloso verlos a todos aquí hoy.',
    'zh-Hans': '早上好，教会的弟兄姊妹，今天见到大家真好。',
  },
  {
    en: 'Let us open our Bibles to the Gospel of John, chapter fifteen.',
    pt: 'Vamos abrir a Bíblia no Evangelho de João, capítulo quinze.',
    es: 'Abramos la Biblia en el Evangelio de Juan, capítulo quince.',
    'zh-Hans': '请大家打开圣经，翻到约翰福音第十五章。',
  },
  {
    en: 'Jesus said, I am the vine and you are the branches.',
    pt: 'Jesus disse: Eu sou a videira, vocês são os ramos.',
    es: 'Jesús dijo: Yo soy la vid y ustedes son los pámpanos.',
    'zh-Hans': '耶稣说：我是葡萄树，你们是枝子。',
  },
  {
    en: 'Whoever abides in me and I in him, he it is that bears much fruit.',
    pt: 'Quem permanece em mim, e eu nele, esse dá muito fruto.',
    es: 'El que permanece en mí, y yo en él, este lleva mucho fruto.',
    'zh-Hans': '常在我里面的，我也常在他里面，这人就多结果子。',
  },
  {
    en: 'Grace is not something we earn; it is a gift we receive.',
    pt: 'A graça não é algo que conquistamos; é um presente que recebemos.',
    es: 'La gracia no es algo que ganamos; es un regalo que recibimos.',
    'zh-Hans': '恩典不是我们赚来的，而是我们领受的礼物。',
  },
  {
    en: 'When we are weary, he invites us to come to him and rest.',
    pt: 'Quando estamos cansados, ele nos convida a ir até ele e descansar.',
    es: 'Cuando estamos cansados, él nos invita a venir a él y descansar.',
    'zh-Hans': '当我们疲乏的时候，他邀请我们到他那里得安息。',
  },
  {
    en: 'Love your neighbour, the one next door and the one across the world.',
    pt: 'Ame o seu próximo, o vizinho ao lado e o que está do outro lado do mundo.',
    es: 'Ama a tu prójimo, al de al lado y al del otro lado del mundo.',
    'zh-Hans': '要爱你的邻舍，无论是隔壁的，还是世界另一端的。',
  },
  {
    en: 'This week, take a moment each day to rest in his love.',
    pt: 'Nesta semana, reserve um momento por dia para descansar no amor dele.',
    es: 'Esta semana, toma un momento cada día para descansar en su amor.',
    'zh-Hans': '这一周，每天花一点时间安息在他的爱里。',
  },
];

/** New people of the month, each with the language they speak at home. */
export const newcomerNames = [
  ['Ana', 'Costa', 'portuguese'], ['Diego', 'Ramirez', 'spanish'], ['Li', 'Na', 'mandarin'], ['Siti', 'Rahma', 'indonesian'],
  ['Grace', 'Taylor', 'english'], ['Pedro', 'Alves', 'portuguese'], ['Lucia', 'Moreno', 'spanish'], ['Chen', 'Hao', 'mandarin'],
] as const;

/** The feedback's kinds; its words are the demo language's (seed-words.ts). */
export const feedbackKinds = [
  { type: 'GeneralFeedback', audioQuality: 'Good' },
  { type: 'Suggestion', audioQuality: 'Average' },
  { type: 'Complaint', audioQuality: 'Poor' },
  { type: 'GeneralFeedback', audioQuality: 'Good' },
  { type: 'Suggestion', audioQuality: 'Good' },
] as const;
