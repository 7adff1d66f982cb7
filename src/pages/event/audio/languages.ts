/**
 * Languages for audio inputs: every ISO 639-1 code with its English name, and the ISO 639-2
 * special codes broadcasters use for tracks that are not one language (zxx for effects or music
 * only, mul, und, qaa for the original language). A code outside this list is still accepted (a
 * profile may use other ISO 639-2/3 codes); the picker then says it does not know it.
 */
export interface Language {
  code: string;
  name: string;
}

const ISO_639_1 =
  'aa Afar|ab Abkhazian|ae Avestan|af Afrikaans|ak Akan|am Amharic|an Aragonese|ar Arabic|as Assamese|av Avaric|ay Aymara|az Azerbaijani|' +
  'ba Bashkir|be Belarusian|bg Bulgarian|bi Bislama|bm Bambara|bn Bengali|bo Tibetan|br Breton|bs Bosnian|ca Catalan|ce Chechen|' +
  'ch Chamorro|co Corsican|cr Cree|cs Czech|cu Church Slavonic|cv Chuvash|cy Welsh|da Danish|de German|dv Divehi|dz Dzongkha|ee Ewe|' +
  'el Greek|en English|eo Esperanto|es Spanish|et Estonian|eu Basque|fa Persian|ff Fulah|fi Finnish|fj Fijian|fo Faroese|fr French|' +
  'fy Western Frisian|ga Irish|gd Scottish Gaelic|gl Galician|gn Guarani|gu Gujarati|gv Manx|ha Hausa|he Hebrew|hi Hindi|ho Hiri Motu|' +
  'hr Croatian|ht Haitian Creole|hu Hungarian|hy Armenian|hz Herero|ia Interlingua|id Indonesian|ie Interlingue|ig Igbo|ii Sichuan Yi|' +
  'ik Inupiaq|io Ido|is Icelandic|it Italian|iu Inuktitut|ja Japanese|jv Javanese|ka Georgian|kg Kongo|ki Kikuyu|kj Kuanyama|kk Kazakh|' +
  'kl Kalaallisut|km Khmer|kn Kannada|ko Korean|kr Kanuri|ks Kashmiri|ku Kurdish|kv Komi|kw Cornish|ky Kyrgyz|la Latin|lb Luxembourgish|' +
  'lg Ganda|li Limburgish|ln Lingala|lo Lao|lt Lithuanian|lu Luba-Katanga|lv Latvian|mg Malagasy|mh Marshallese|mi Maori|mk Macedonian|' +
  'ml Malayalam|mn Mongolian|mr Marathi|ms Malay|mt Maltese|my Burmese|na Nauru|nb Norwegian Bokmål|nd North Ndebele|ne Nepali|' +
  'ng Ndonga|nl Dutch|nn Norwegian Nynorsk|no Norwegian|nr South Ndebele|nv Navajo|ny Chichewa|oc Occitan|oj Ojibwa|om Oromo|or Odia|' +
  'os Ossetian|pa Punjabi|pi Pali|pl Polish|ps Pashto|pt Portuguese|qu Quechua|rm Romansh|rn Rundi|ro Romanian|ru Russian|rw Kinyarwanda|' +
  'sa Sanskrit|sc Sardinian|sd Sindhi|se Northern Sami|sg Sango|si Sinhala|sk Slovak|sl Slovenian|sm Samoan|sn Shona|so Somali|' +
  'sq Albanian|sr Serbian|ss Swati|st Southern Sotho|su Sundanese|sv Swedish|sw Swahili|ta Tamil|te Telugu|tg Tajik|th Thai|' +
  'ti Tigrinya|tk Turkmen|tl Tagalog|tn Tswana|to Tonga|tr Turkish|ts Tsonga|tt Tatar|tw Twi|ty Tahitian|ug Uyghur|uk Ukrainian|' +
  'ur Urdu|uz Uzbek|ve Venda|vi Vietnamese|vo Volapük|wa Walloon|wo Wolof|xh Xhosa|yi Yiddish|yo Yoruba|za Zhuang|zh Chinese|zu Zulu';

/** ISO 639-2 codes for what is not a single language. */
const SPECIAL = 'mul Multiple languages|und Undetermined|zxx No linguistic content (music, effects)|mis Uncoded language|qaa Original language';

function parse(list: string): Language[] {
  return list.split('|').map((entry) => {
    const space = entry.indexOf(' ');
    return { code: entry.slice(0, space), name: entry.slice(space + 1) };
  });
}

export const LANGUAGES: readonly Language[] = [...parse(ISO_639_1), ...parse(SPECIAL)];

const byCode = new Map(LANGUAGES.map((l) => [l.code, l]));

/** The language of a code (any case), or undefined when the list does not have it. */
export function findLanguage(code: string): Language | undefined {
  return byCode.get(code.trim().toLowerCase());
}

/** "English (en)", or the code alone when it is not in the list. */
export function languageLabel(code: string): string {
  const language = findLanguage(code);
  return language ? `${language.name} (${language.code})` : code;
}

/**
 * Languages matching what was typed, best first: the exact code, then names and codes starting
 * with it, then names containing it.
 */
export function searchLanguages(text: string, languages: readonly Language[] = LANGUAGES): Language[] {
  const q = text.trim().toLowerCase();
  if (q === '') return [...languages];
  const rank = (l: Language) => {
    const name = l.name.toLowerCase();
    if (l.code === q) return 0;
    if (name.startsWith(q)) return 1;
    if (l.code.startsWith(q)) return 2;
    if (name.split(/[\s(-]+/).some((word) => word.startsWith(q))) return 3;
    if (name.includes(q)) return 4;
    return -1;
  };
  return languages
    .map((l) => ({ l, r: rank(l) }))
    .filter((x) => x.r >= 0)
    .sort((a, b) => a.r - b.r || a.l.name.localeCompare(b.l.name))
    .map((x) => x.l);
}
