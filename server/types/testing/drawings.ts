import sharp from 'sharp';

const OUTLINE = 'stroke="#1a1a1a" stroke-width="6" stroke-linejoin="round" stroke-linecap="round"';

/** An anime-style face (big eyes, strands of hair, blush), the kind of drawing nsfwjs's `drawing` class was taught on. */
const STRANDS = Array.from({ length: 14 }, (_, i) => `<path d="M${150 + i * 13} 90 q${-10 + (i % 3) * 8} 60 ${-20 + i * 3} 120" fill="none" stroke="#3a1f5d" stroke-width="3"/>`);
const ANIME_OUTLINE = 'stroke="#222" stroke-width="4" stroke-linejoin="round"';
const ANIME_FACE = `
    <rect width="480" height="360" fill="#f6e7ff"/>
    <path d="M130 140 q110 -130 220 0 v150 h-220 z" fill="#6a3d9a" ${ANIME_OUTLINE}/>
    <ellipse cx="240" cy="190" rx="90" ry="105" fill="#ffe0cc" ${ANIME_OUTLINE}/>
    <path d="M150 150 q90 -110 180 0 q-40 -30 -60 -10 q-30 -40 -60 0 q-30 -20 -60 10z" fill="#6a3d9a" ${ANIME_OUTLINE}/>${STRANDS.join('')}
    <ellipse cx="205" cy="200" rx="22" ry="30" fill="#fff" ${ANIME_OUTLINE}/><ellipse cx="207" cy="206" rx="15" ry="22" fill="#2e86de"/><circle cx="212" cy="196" r="6" fill="#fff"/>
    <ellipse cx="275" cy="200" rx="22" ry="30" fill="#fff" ${ANIME_OUTLINE}/><ellipse cx="273" cy="206" rx="15" ry="22" fill="#2e86de"/><circle cx="278" cy="196" r="6" fill="#fff"/>
    <path d="M180 160 q25 -12 45 0 M255 160 q25 -12 45 0" fill="none" ${ANIME_OUTLINE}/>
    <path d="M228 262 q12 10 24 0" fill="none" ${ANIME_OUTLINE}/><ellipse cx="180" cy="245" rx="14" ry="6" fill="#ffb3c1"/><ellipse cx="300" cy="245" rx="14" ry="6" fill="#ffb3c1"/>
    <path d="M200 295 l-40 65 h160 l-40 -65" fill="#ff6f91" ${ANIME_OUTLINE}/>`;

/**
 * Drawings made for the tests (SVG rendered by sharp, 480 × 360 JPEGs), flat colours and outlines as people draw
 * them: an anime-style face, a cartoon house, a cartoon cat, a pencil sketch of a landscape, a flowchart and a flower.
 */
export const DRAWINGS: Readonly<Record<string, string>> = {
  'anime face': ANIME_FACE,
  'cartoon house': `
    <rect width="480" height="360" fill="#8fd3ff"/>
    <rect y="260" width="480" height="100" fill="#6cc04a" ${OUTLINE}/>
    <circle cx="400" cy="70" r="38" fill="#ffd43b" ${OUTLINE}/>
    <rect x="140" y="160" width="180" height="130" fill="#f4a259" ${OUTLINE}/>
    <polygon points="120,165 230,80 340,165" fill="#e63946" ${OUTLINE}/>
    <rect x="210" y="215" width="44" height="75" fill="#8d5524" ${OUTLINE}/>
    <rect x="160" y="185" width="36" height="36" fill="#ffffff" ${OUTLINE}/>
    <rect x="270" y="185" width="36" height="36" fill="#ffffff" ${OUTLINE}/>
    <path d="M40 80 q20 -25 40 0 q20 -25 40 0" fill="none" ${OUTLINE}/>`,
  'cartoon cat': `
    <rect width="480" height="360" fill="#fff3c4"/>
    <polygon points="170,120 190,40 235,105" fill="#ff9f43" ${OUTLINE}/>
    <polygon points="310,120 290,40 245,105" fill="#ff9f43" ${OUTLINE}/>
    <circle cx="240" cy="180" r="110" fill="#ff9f43" ${OUTLINE}/>
    <circle cx="200" cy="160" r="18" fill="#ffffff" ${OUTLINE}/><circle cx="204" cy="163" r="8" fill="#1a1a1a"/>
    <circle cx="280" cy="160" r="18" fill="#ffffff" ${OUTLINE}/><circle cx="284" cy="163" r="8" fill="#1a1a1a"/>
    <polygon points="228,195 252,195 240,210" fill="#ff6b81" ${OUTLINE}/>
    <path d="M240 210 q-20 25 -40 8 M240 210 q20 25 40 8" fill="none" ${OUTLINE}/>
    <path d="M150 195 h-70 M150 210 l-65 15 M330 195 h70 M330 210 l65 15" ${OUTLINE}/>`,
  'pencil sketch': `
    <rect width="480" height="360" fill="#fbfaf5"/>
    <path d="M0 250 q80 -70 160 -20 t160 -30 t160 20" fill="none" stroke="#555" stroke-width="3"/>
    <path d="M0 290 q120 -40 240 0 t240 -10" fill="none" stroke="#555" stroke-width="2"/>
    <path d="M120 250 v-90 M120 200 l-30 -30 M120 185 l35 -35 M120 165 l-20 -35" fill="none" stroke="#333" stroke-width="4" stroke-linecap="round"/>
    <circle cx="120" cy="140" r="45" fill="none" stroke="#444" stroke-width="2" stroke-dasharray="6 4"/>
    <path d="M300 120 l40 -50 l40 50 M315 100 h50" fill="none" stroke="#444" stroke-width="2"/>
    <path d="M30 60 q15 -10 30 0 M70 45 q15 -10 30 0" fill="none" stroke="#666" stroke-width="2"/>
    <path d="M200 320 l30 -6 l30 6 l30 -6 l30 6" fill="none" stroke="#777" stroke-width="2"/>`,
  flowchart: `
    <rect width="480" height="360" fill="#ffffff"/>
    <rect x="170" y="20" width="140" height="50" rx="25" fill="#cfe8ff" stroke="#1d3557" stroke-width="4"/>
    <text x="240" y="52" font-family="DejaVu Sans, sans-serif" font-size="20" text-anchor="middle">Start</text>
    <polygon points="240,110 320,160 240,210 160,160" fill="#ffe8a3" stroke="#1d3557" stroke-width="4"/>
    <text x="240" y="166" font-family="DejaVu Sans, sans-serif" font-size="18" text-anchor="middle">Ready?</text>
    <rect x="30" y="250" width="150" height="60" fill="#d8f3dc" stroke="#1d3557" stroke-width="4"/>
    <text x="105" y="286" font-family="DejaVu Sans, sans-serif" font-size="18" text-anchor="middle">Label it</text>
    <rect x="300" y="250" width="150" height="60" fill="#ffd6d6" stroke="#1d3557" stroke-width="4"/>
    <text x="375" y="286" font-family="DejaVu Sans, sans-serif" font-size="18" text-anchor="middle">Wait</text>
    <path d="M240 70 v38 M160 160 h-55 v88 M320 160 h55 v88" fill="none" stroke="#1d3557" stroke-width="4"/>
    <path d="M232 100 l8 10 l8 -10 M97 238 l8 10 l8 -10 M367 238 l8 10 l8 -10" fill="none" stroke="#1d3557" stroke-width="4"/>`,
  flower: `
    <rect width="480" height="360" fill="#e8f7ee"/>
    <path d="M240 200 C 235 260 250 300 240 350" fill="none" stroke="#2b9348" stroke-width="10"/>
    <ellipse cx="200" cy="290" rx="40" ry="16" fill="#55a630" transform="rotate(-30 200 290)" ${OUTLINE}/>
    ${[0, 60, 120, 180, 240, 300].map((angle) => `<ellipse cx="240" cy="120" rx="34" ry="60" fill="#f15bb5" transform="rotate(${angle} 240 170) translate(0 -10)" ${OUTLINE}/>`).join('')}
    <circle cx="240" cy="170" r="36" fill="#fee440" ${OUTLINE}/>`,
};

/** A drawing of DRAWINGS as a JPEG. */
export const renderDrawing = (name: string): Promise<Buffer> =>
  sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360">${DRAWINGS[name]}</svg>`))
    .jpeg({ quality: 90 })
    .toBuffer();
