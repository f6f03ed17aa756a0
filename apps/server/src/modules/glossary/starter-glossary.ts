/**
 * The starter glossary every church inherits (decision 025): the 66 books of the Bible and a core
 * list of terms in the seven listening languages, each language following a public-domain or
 * openly licensed Bible's own book names:
 *
 * - en      World English Bible (public domain)
 * - pt      João Ferreira de Almeida, Revista e Corrigida 1911 (public domain)
 * - es      Reina-Valera 1909 (public domain)
 * - id      Terjemahan Sederhana Indonesia (CC BY-SA 4.0; its book names are the ones Indonesian churches use)
 * - zh-Hans Chinese Union Version 1919, simplified script (public domain)
 * - ar      Smith & Van Dyck 1865 (public domain)
 * - hi      Indian Revised Version, Hindi 2019 (CC BY-SA 4.0, Bridge Connectivity Solutions)
 *
 * Books are in canonical order (Genesis … Revelation); the core terms follow the same Bibles' usage.
 */
export type StarterLanguage = 'en' | 'pt' | 'es' | 'id' | 'zh-Hans' | 'ar' | 'hi';
export const starterLanguages: readonly StarterLanguage[] = ['en', 'pt', 'es', 'id', 'zh-Hans', 'ar', 'hi'];

export const BIBLE_BOOK_COUNT = 66;

export const bibleBooks: Record<StarterLanguage, readonly string[]> = {
  en: [
    'Genesis', 'Exodus', 'Leviticus', 'Numbers', 'Deuteronomy', 'Joshua', 'Judges', 'Ruth', '1 Samuel', '2 Samuel',
    '1 Kings', '2 Kings', '1 Chronicles', '2 Chronicles', 'Ezra', 'Nehemiah', 'Esther', 'Job', 'Psalms', 'Proverbs',
    'Ecclesiastes', 'Song of Solomon', 'Isaiah', 'Jeremiah', 'Lamentations', 'Ezekiel', 'Daniel', 'Hosea', 'Joel', 'Amos',
    'Obadiah', 'Jonah', 'Micah', 'Nahum', 'Habakkuk', 'Zephaniah', 'Haggai', 'Zechariah', 'Malachi',
    'Matthew', 'Mark', 'Luke', 'John', 'Acts', 'Romans', '1 Corinthians', '2 Corinthians', 'Galatians', 'Ephesians',
    'Philippians', 'Colossians', '1 Thessalonians', '2 Thessalonians', '1 Timothy', '2 Timothy', 'Titus', 'Philemon',
    'Hebrews', 'James', '1 Peter', '2 Peter', '1 John', '2 John', '3 John', 'Jude', 'Revelation',
  ],
  pt: [
    'Gênesis', 'Êxodo', 'Levítico', 'Números', 'Deuteronômio', 'Josué', 'Juízes', 'Rute', '1 Samuel', '2 Samuel',
    '1 Reis', '2 Reis', '1 Crônicas', '2 Crônicas', 'Esdras', 'Neemias', 'Ester', 'Jó', 'Salmos', 'Provérbios',
    'Eclesiastes', 'Cantares', 'Isaías', 'Jeremias', 'Lamentações', 'Ezequiel', 'Daniel', 'Oséias', 'Joel', 'Amós',
    'Obadias', 'Jonas', 'Miquéias', 'Naum', 'Habacuque', 'Sofonias', 'Ageu', 'Zacarias', 'Malaquias',
    'Mateus', 'Marcos', 'Lucas', 'João', 'Atos', 'Romanos', '1 Coríntios', '2 Coríntios', 'Gálatas', 'Efésios',
    'Filipenses', 'Colossenses', '1 Tessalonicenses', '2 Tessalonicenses', '1 Timóteo', '2 Timóteo', 'Tito', 'Filemom',
    'Hebreus', 'Tiago', '1 Pedro', '2 Pedro', '1 João', '2 João', '3 João', 'Judas', 'Apocalipse',
  ],
  es: [
    'Génesis', 'Éxodo', 'Levítico', 'Números', 'Deuteronomio', 'Josué', 'Jueces', 'Rut', '1 Samuel', '2 Samuel',
    '1 Reyes', '2 Reyes', '1 Crónicas', '2 Crónicas', 'Esdras', 'Nehemías', 'Ester', 'Job', 'Salmos', 'Proverbios',
    'Eclesiastés', 'Cantares', 'Isaías', 'Jeremías', 'Lamentaciones', 'Ezequiel', 'Daniel', 'Oseas', 'Joel', 'Amós',
    'Abdías', 'Jonás', 'Miqueas', 'Nahúm', 'Habacuc', 'Sofonías', 'Hageo', 'Zacarías', 'Malaquías',
    'Mateo', 'Marcos', 'Lucas', 'Juan', 'Hechos', 'Romanos', '1 Corintios', '2 Corintios', 'Gálatas', 'Efesios',
    'Filipenses', 'Colosenses', '1 Tesalonicenses', '2 Tesalonicenses', '1 Timoteo', '2 Timoteo', 'Tito', 'Filemón',
    'Hebreos', 'Santiago', '1 Pedro', '2 Pedro', '1 Juan', '2 Juan', '3 Juan', 'Judas', 'Apocalipsis',
  ],
  id: [
    'Kejadian', 'Keluaran', 'Imamat', 'Bilangan', 'Ulangan', 'Yosua', 'Hakim-hakim', 'Rut', '1 Samuel', '2 Samuel',
    '1 Raja-raja', '2 Raja-raja', '1 Tawarikh', '2 Tawarikh', 'Ezra', 'Nehemia', 'Ester', 'Ayub', 'Mazmur', 'Amsal',
    'Pengkhotbah', 'Kidung Agung', 'Yesaya', 'Yeremia', 'Ratapan', 'Yehezkiel', 'Daniel', 'Hosea', 'Yoel', 'Amos',
    'Obaja', 'Yunus', 'Mikha', 'Nahum', 'Habakuk', 'Zefanya', 'Hagai', 'Zakharia', 'Maleakhi',
    'Matius', 'Markus', 'Lukas', 'Yohanes', 'Kisah Para Rasul', 'Roma', '1 Korintus', '2 Korintus', 'Galatia', 'Efesus',
    'Filipi', 'Kolose', '1 Tesalonika', '2 Tesalonika', '1 Timotius', '2 Timotius', 'Titus', 'Filemon',
    'Ibrani', 'Yakobus', '1 Petrus', '2 Petrus', '1 Yohanes', '2 Yohanes', '3 Yohanes', 'Yudas', 'Wahyu',
  ],
  'zh-Hans': [
    '创世记', '出埃及记', '利未记', '民数记', '申命记', '约书亚记', '士师记', '路得记', '撒母耳记上', '撒母耳记下',
    '列王纪上', '列王纪下', '历代志上', '历代志下', '以斯拉记', '尼希米记', '以斯帖记', '约伯记', '诗篇', '箴言',
    '传道书', '雅歌', '以赛亚书', '耶利米书', '耶利米哀歌', '以西结书', '但以理书', '何西阿书', '约珥书', '阿摩司书',
    '俄巴底亚书', '约拿书', '弥迦书', '那鸿书', '哈巴谷书', '西番雅书', '哈该书', '撒迦利亚书', '玛拉基书',
    '马太福音', '马可福音', '路加福音', '约翰福音', '使徒行传', '罗马书', '哥林多前书', '哥林多后书', '加拉太书', '以弗所书',
    '腓立比书', '歌罗西书', '帖撒罗尼迦前书', '帖撒罗尼迦后书', '提摩太前书', '提摩太后书', '提多书', '腓利门书',
    '希伯来书', '雅各书', '彼得前书', '彼得后书', '约翰一书', '约翰二书', '约翰三书', '犹大书', '启示录',
  ],
  ar: [
    'التكوين', 'الخروج', 'اللاويين', 'العدد', 'التثنية', 'يشوع', 'القضاة', 'راعوث', 'صموئيل الأول', 'صموئيل الثاني',
    'الملوك الأول', 'الملوك الثاني', 'أخبار الأيام الأول', 'أخبار الأيام الثاني', 'عزرا', 'نحميا', 'أستير', 'أيوب', 'المزامير', 'الأمثال',
    'الجامعة', 'نشيد الأنشاد', 'إشعياء', 'إرميا', 'مراثي إرميا', 'حزقيال', 'دانيال', 'هوشع', 'يوئيل', 'عاموس',
    'عوبديا', 'يونان', 'ميخا', 'ناحوم', 'حبقوق', 'صفنيا', 'حجي', 'زكريا', 'ملاخي',
    'متى', 'مرقس', 'لوقا', 'يوحنا', 'أعمال الرسل', 'رومية', 'كورنثوس الأولى', 'كورنثوس الثانية', 'غلاطية', 'أفسس',
    'فيلبي', 'كولوسي', 'تسالونيكي الأولى', 'تسالونيكي الثانية', 'تيموثاوس الأولى', 'تيموثاوس الثانية', 'تيطس', 'فليمون',
    'العبرانيين', 'يعقوب', 'بطرس الأولى', 'بطرس الثانية', 'يوحنا الأولى', 'يوحنا الثانية', 'يوحنا الثالثة', 'يهوذا', 'رؤيا يوحنا',
  ],
  hi: [
    'उत्पत्ति', 'निर्गमन', 'लैव्यव्यवस्था', 'गिनती', 'व्यवस्थाविवरण', 'यहोशू', 'न्यायियों', 'रूत', '1 शमूएल', '2 शमूएल',
    '1 राजाओं', '2 राजाओं', '1 इतिहास', '2 इतिहास', 'एज्रा', 'नहेम्याह', 'एस्तेर', 'अय्यूब', 'भजन संहिता', 'नीतिवचन',
    'सभोपदेशक', 'श्रेष्ठगीत', 'यशायाह', 'यिर्मयाह', 'विलापगीत', 'यहेजकेल', 'दानिय्येल', 'होशे', 'योएल', 'आमोस',
    'ओबद्याह', 'योना', 'मीका', 'नहूम', 'हबक्कूक', 'सपन्याह', 'हाग्गै', 'जकर्याह', 'मलाकी',
    'मत्ती', 'मरकुस', 'लूका', 'यूहन्ना', 'प्रेरितों के काम', 'रोमियों', '1 कुरिन्थियों', '2 कुरिन्थियों', 'गलातियों', 'इफिसियों',
    'फिलिप्पियों', 'कुलुस्सियों', '1 थिस्सलुनीकियों', '2 थिस्सलुनीकियों', '1 तीमुथियुस', '2 तीमुथियुस', 'तीतुस', 'फिलेमोन',
    'इब्रानियों', 'याकूब', '1 पतरस', '2 पतरस', '1 यूहन्ना', '2 यूहन्ना', '3 यूहन्ना', 'यहूदा', 'प्रकाशितवाक्य',
  ],
};

/**
 * English book names that are also everyday words or first names: matched as books only right
 * before a chapter number ("Mark 4", not "mark my words"; "John 15", not "John said").
 */
export const booksOnlyBeforeNumber: ReadonlySet<string> = new Set(['Numbers', 'Judges', 'Job', 'Mark', 'Acts', 'John', 'James', 'Revelation', 'Lamentations', 'Ruth', 'Daniel', 'Joel', 'Amos', 'Luke', 'Matthew', 'Titus', 'Jude']);

/** Core terms of preaching, in the same seven languages. */
export const coreTerms: ReadonlyArray<Record<StarterLanguage, string>> = [
  { en: 'God', pt: 'Deus', es: 'Dios', id: 'Allah', 'zh-Hans': '神', ar: 'الله', hi: 'परमेश्वर' },
  { en: 'Jesus Christ', pt: 'Jesus Cristo', es: 'Jesucristo', id: 'Yesus Kristus', 'zh-Hans': '耶稣基督', ar: 'يسوع المسيح', hi: 'यीशु मसीह' },
  { en: 'Jesus', pt: 'Jesus', es: 'Jesús', id: 'Yesus', 'zh-Hans': '耶稣', ar: 'يسوع', hi: 'यीशु' },
  { en: 'Christ', pt: 'Cristo', es: 'Cristo', id: 'Kristus', 'zh-Hans': '基督', ar: 'المسيح', hi: 'मसीह' },
  { en: 'Holy Spirit', pt: 'Espírito Santo', es: 'Espíritu Santo', id: 'Roh Kudus', 'zh-Hans': '圣灵', ar: 'الروح القدس', hi: 'पवित्र आत्मा' },
  { en: 'Lord', pt: 'Senhor', es: 'Señor', id: 'Tuhan', 'zh-Hans': '主', ar: 'الرب', hi: 'प्रभु' },
  { en: 'grace', pt: 'graça', es: 'gracia', id: 'anugerah', 'zh-Hans': '恩典', ar: 'النعمة', hi: 'अनुग्रह' },
  { en: 'gospel', pt: 'evangelho', es: 'evangelio', id: 'Injil', 'zh-Hans': '福音', ar: 'الإنجيل', hi: 'सुसमाचार' },
  { en: 'faith', pt: 'fé', es: 'fe', id: 'iman', 'zh-Hans': '信心', ar: 'الإيمان', hi: 'विश्वास' },
  { en: 'salvation', pt: 'salvação', es: 'salvación', id: 'keselamatan', 'zh-Hans': '救恩', ar: 'الخلاص', hi: 'उद्धार' },
  { en: 'the Word of God', pt: 'a Palavra de Deus', es: 'la Palabra de Dios', id: 'firman Allah', 'zh-Hans': '神的道', ar: 'كلمة الله', hi: 'परमेश्वर का वचन' },
  { en: 'Kingdom of God', pt: 'Reino de Deus', es: 'reino de Dios', id: 'Kerajaan Allah', 'zh-Hans': '神的国', ar: 'ملكوت الله', hi: 'परमेश्वर का राज्य' },
  { en: 'repentance', pt: 'arrependimento', es: 'arrepentimiento', id: 'pertobatan', 'zh-Hans': '悔改', ar: 'التوبة', hi: 'मन फिराव' },
  { en: 'resurrection', pt: 'ressurreição', es: 'resurrección', id: 'kebangkitan', 'zh-Hans': '复活', ar: 'القيامة', hi: 'पुनरुत्थान' },
  { en: 'baptism', pt: 'batismo', es: 'bautismo', id: 'baptisan', 'zh-Hans': '洗礼', ar: 'المعمودية', hi: 'बपतिस्मा' },
  { en: 'Holy Communion', pt: 'Santa Ceia', es: 'Santa Cena', id: 'Perjamuan Kudus', 'zh-Hans': '圣餐', ar: 'العشاء الرباني', hi: 'प्रभु भोज' },
];
