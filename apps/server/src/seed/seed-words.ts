import type { InterfaceLanguage } from '@app/shared';

/**
 * The demo's own words in the language it is seeded for (`DEMO_LANGUAGE`, decision 052): what a
 * church's people would have typed themselves (event names, service titles, follow-up notes,
 * deletion request reasons, feedback). The sermons' transcripts stay English, the language the
 * demo preacher speaks, with their translations (seed-history-content.ts).
 */
export interface DemoWords {
  sundayWorship: string;
  sundayWorshipText: string;
  mainAuditorium: string;
  youthNight: string;
  youthNightText: string;
  communityLunch: string;
  communityLunchText: string;
  carols: string;
  carolsText: string;
  sermonTitles: [string, string, string, string];
  followUpNote: string;
  tooManyEmails: string;
  deleteMyAccount: string;
  askedByMistake: string;
  feedback: [string, string, string, string, string];
}

export const demoWords: Record<InterfaceLanguage, DemoWords> = {
  en: {
    sundayWorship: 'Sunday Worship',
    sundayWorshipText: 'Our weekly service with live translation in seven languages.',
    mainAuditorium: 'Main auditorium',
    youthNight: 'Youth Night',
    youthNightText: 'Games, food and a short talk for ages 13 to 18.',
    communityLunch: 'Community Lunch',
    communityLunchText: 'Bring a plate to share after the service.',
    carols: 'Carols by Candlelight',
    carolsText: 'An evening of carols on the riverbank.',
    sermonTitles: ['The Vine and the Branches', 'Grace Upon Grace', 'Come and Rest', 'Love Your Neighbour'],
    followUpNote: 'Called after the service; invited to the newcomers lunch.',
    tooManyEmails: 'I get too many emails.',
    deleteMyAccount: 'Please delete my account.',
    askedByMistake: 'Asked by mistake: the family confirmed they wish to stay.',
    feedback: [
      'The Portuguese voice was clear and easy to follow.',
      'Could the captions be a little larger by default?',
      'The Mandarin captions fell behind during the last song.',
      'My mother followed the whole sermon in Spanish for the first time.',
      'Please add Korean for the visitors from the university.',
    ],
  },
  pt: {
    sundayWorship: 'Culto de domingo',
    sundayWorshipText: 'Nosso culto semanal com tradução ao vivo em sete idiomas.',
    mainAuditorium: 'Auditório principal',
    youthNight: 'Noite dos jovens',
    youthNightText: 'Jogos, lanche e uma palavra curta para quem tem de 13 a 18 anos.',
    communityLunch: 'Almoço comunitário',
    communityLunchText: 'Traga um prato para partilhar depois do culto.',
    carols: 'Cantata de Natal à luz de velas',
    carolsText: 'Uma noite de cânticos de Natal à beira do rio.',
    sermonTitles: ['A videira e os ramos', 'Graça sobre graça', 'Vinde e descansai', 'Ame o seu próximo'],
    followUpNote: 'Liguei depois do culto; convidei para o almoço dos recém-chegados.',
    tooManyEmails: 'Recebo e-mails demais.',
    deleteMyAccount: 'Por favor, apaguem minha conta.',
    askedByMistake: 'Pedido por engano: a família confirmou que quer continuar.',
    feedback: [
      'A voz em português estava clara e fácil de acompanhar.',
      'As legendas poderiam ser um pouco maiores de início?',
      'As legendas em mandarim atrasaram durante a última música.',
      'Minha mãe acompanhou o sermão inteiro em espanhol pela primeira vez.',
      'Por favor, acrescentem o coreano para os visitantes da universidade.',
    ],
  },
  es: {
    sundayWorship: 'Culto del domingo',
    sundayWorshipText: 'Nuestro culto semanal con traducción en vivo a siete idiomas.',
    mainAuditorium: 'Auditorio principal',
    youthNight: 'Noche de jóvenes',
    youthNightText: 'Juegos, comida y una charla breve para chicos de 13 a 18 años.',
    communityLunch: 'Almuerzo comunitario',
    communityLunchText: 'Trae un plato para compartir después del culto.',
    carols: 'Villancicos a la luz de las velas',
    carolsText: 'Una tarde de villancicos a la orilla del río.',
    sermonTitles: ['La vid y los pámpanos', 'Gracia sobre gracia', 'Venid y descansad', 'Ama a tu prójimo'],
    followUpNote: 'Llamé después del culto; lo invité al almuerzo de los recién llegados.',
    tooManyEmails: 'Recibo demasiados correos.',
    deleteMyAccount: 'Por favor, borren mi cuenta.',
    askedByMistake: 'Pedido por error: la familia confirmó que quiere quedarse.',
    feedback: [
      'La voz en portugués se oía clara y fácil de seguir.',
      '¿Podrían los subtítulos ser un poco más grandes de entrada?',
      'Los subtítulos en mandarín se atrasaron durante la última canción.',
      'Mi madre siguió todo el sermón en español por primera vez.',
      'Por favor, añadan coreano para los visitantes de la universidad.',
    ],
  },
  id: {
    sundayWorship: 'Ibadah Minggu',
    sundayWorshipText: 'Ibadah mingguan kami dengan terjemahan langsung dalam tujuh bahasa.',
    mainAuditorium: 'Auditorium utama',
    youthNight: 'Malam Pemuda',
    youthNightText: 'Permainan, makanan, dan renungan singkat untuk usia 13 sampai 18 tahun.',
    communityLunch: 'Makan Siang Bersama',
    communityLunchText: 'Bawa satu hidangan untuk dinikmati bersama setelah ibadah.',
    carols: 'Malam Kidung Natal',
    carolsText: 'Malam kidung Natal dengan lilin di tepi sungai.',
    sermonTitles: ['Pokok Anggur dan Ranting-rantingnya', 'Kasih Karunia demi Kasih Karunia', 'Marilah dan Beristirahat', 'Kasihilah Sesamamu'],
    followUpNote: 'Sudah ditelepon setelah ibadah; diundang ke makan siang jemaat baru.',
    tooManyEmails: 'Saya menerima terlalu banyak email.',
    deleteMyAccount: 'Tolong hapus akun saya.',
    askedByMistake: 'Diminta karena keliru: keluarganya memastikan ingin tetap bergabung.',
    feedback: [
      'Suara bahasa Portugis jelas dan mudah diikuti.',
      'Bisakah teks terjemahan sedikit lebih besar dari awal?',
      'Teks bahasa Mandarin tertinggal saat lagu terakhir.',
      'Ibu saya mengikuti seluruh khotbah dalam bahasa Spanyol untuk pertama kalinya.',
      'Tolong tambahkan bahasa Korea untuk tamu dari universitas.',
    ],
  },
  zh: {
    sundayWorship: '主日崇拜',
    sundayWorshipText: '我们每周的崇拜，提供七种语言的实时翻译。',
    mainAuditorium: '主礼堂',
    youthNight: '青年之夜',
    youthNightText: '为 13 至 18 岁青少年准备的游戏、美食和简短分享。',
    communityLunch: '团契午餐',
    communityLunchText: '崇拜后请带一道菜与大家分享。',
    carols: '烛光圣诞颂歌会',
    carolsText: '在河畔度过一个唱圣诞颂歌的夜晚。',
    sermonTitles: ['葡萄树和枝子', '恩上加恩', '到我这里来得安息', '爱你的邻舍'],
    followUpNote: '崇拜后已打电话联系，并邀请参加新朋友午餐。',
    tooManyEmails: '我收到的邮件太多了。',
    deleteMyAccount: '请删除我的账户。',
    askedByMistake: '误操作提出：家人已确认希望继续留下。',
    feedback: [
      '葡萄牙语的语音很清晰，容易跟上。',
      '字幕默认能不能再大一点？',
      '最后一首歌时，中文字幕跟不上了。',
      '我母亲第一次用西班牙语听完了整篇讲道。',
      '请为大学来的访客加上韩语。',
    ],
  },
};
