/**
 * Product drawings for the demo catalogue, as SVG on an 800 x 600 studio backdrop: an F1 car, a
 * helmet, trading cards and their packs, vintage and modern trucks, a tuning car, sticker albums and
 * packs. No text is drawn: the card shows the title and category next to the photo.
 */

export interface Livery {
  body: string;
  accent: string;
  detail: string;
}

const wheel = (cx: number, cy: number, r: number, rim: string, spokes = 0, caliper?: string) => {
  const lines = Array.from({ length: spokes }, (_, i) => {
    const a = (i * 2 * Math.PI) / spokes;
    const x = cx + Math.cos(a) * r * 0.55;
    const y = cy + Math.sin(a) * r * 0.55;
    return `<line x1="${cx}" y1="${cy}" x2="${x.toFixed(1)}" y2="${y.toFixed(1)}" stroke="#777" stroke-width="${(r * 0.09).toFixed(1)}" stroke-linecap="round"/>`;
  }).join('');
  return `<g><circle cx="${cx}" cy="${cy}" r="${r}" fill="#1b1b1b"/>
    <circle cx="${cx}" cy="${cy}" r="${r * 0.93}" fill="none" stroke="#2e2e2e" stroke-width="${r * 0.08}"/>
    <circle cx="${cx}" cy="${cy}" r="${r * 0.62}" fill="${rim}"/>
    <circle cx="${cx}" cy="${cy}" r="${r * 0.62}" fill="url(#rimShade)"/>
    ${caliper ? `<path d="M${cx - r * 0.45} ${cy - r * 0.12} A${r * 0.47} ${r * 0.47} 0 0 1 ${cx - r * 0.1} ${cy - r * 0.46}" fill="none" stroke="${caliper}" stroke-width="${r * 0.16}" stroke-linecap="round"/>` : ''}
    ${lines}
    <circle cx="${cx}" cy="${cy}" r="${r * 0.16}" fill="#444"/></g>`;
};

/** A Formula 1 car seen from the side, nose to the right. */
export function f1Car(l: Livery): string {
  return `<g>
    <ellipse cx="400" cy="468" rx="330" ry="22" fill="#000" opacity=".18"/>
    <!-- floor and plank -->
    <path d="M150 440 L655 440 L660 452 L150 452 Z" fill="#1d1d1d"/>
    <!-- rear wing -->
    <rect x="92" y="262" width="16" height="150" rx="3" fill="${l.detail}"/>
    <path d="M88 262 L190 262 L190 286 L88 292 Z" fill="${l.body}"/>
    <path d="M92 298 L178 296 L178 308 L92 312 Z" fill="${l.accent}"/>
    <!-- engine cover, sidepod and nose -->
    <path d="M118 420 L128 360 C170 350 230 320 300 300 L355 292 C372 292 380 300 386 316
             L470 326 C560 336 640 366 700 392 L742 404 C748 410 744 420 734 422 L600 430 L480 436 L150 440 Z"
          fill="${l.body}"/>
    <path d="M300 360 C380 356 470 360 560 378 L690 400 L696 410 L560 404 C460 396 370 394 300 396 Z"
          fill="${l.accent}" opacity=".95"/>
    <path d="M118 420 L128 380 L280 380 L300 436 L150 440 Z" fill="#000" opacity=".18"/>
    <!-- air intake above the driver -->
    <path d="M300 300 L352 290 L352 312 L304 318 Z" fill="#111"/>
    <!-- driver's helmet and halo -->
    <circle cx="418" cy="318" r="20" fill="${l.detail}"/>
    <path d="M402 314 L436 312 L436 322 L404 324 Z" fill="#111" opacity=".8"/>
    <path d="M378 322 C400 292 448 292 478 318" fill="none" stroke="#1a1a1a" stroke-width="8" stroke-linecap="round"/>
    <!-- front wing -->
    <path d="M640 424 L760 420 L764 436 L636 440 Z" fill="${l.detail}"/>
    <rect x="748" y="392" width="10" height="46" rx="2" fill="${l.body}"/>
    <!-- wheels -->
    ${wheel(222, 404, 58, '#3a3a3a')}
    <path d="M176 404 A46 46 0 0 1 268 404" fill="none" stroke="${l.accent}" stroke-width="5"/>
    ${wheel(612, 410, 52, '#3a3a3a')}
    <path d="M571 410 A41 41 0 0 1 653 410" fill="none" stroke="${l.accent}" stroke-width="5"/>
    <!-- number panel -->
    <rect x="470" y="346" width="44" height="26" rx="4" fill="#fff" opacity=".9"/>
    <path d="M486 352 L498 352 L492 366 Z" fill="${l.body}"/>
    <!-- gloss -->
    <path d="M150 350 C240 320 320 300 380 300" fill="none" stroke="#fff" stroke-width="4" opacity=".35"/>
  </g>`;
}

/** A full-face racing helmet in three-quarter view on a display base. */
export function helmet(l: Livery): string {
  return `<g>
    <ellipse cx="400" cy="512" rx="210" ry="20" fill="#000" opacity=".18"/>
    <path d="M250 500 L550 500 L530 470 L270 470 Z" fill="#2a2a2a"/>
    <rect x="250" y="498" width="300" height="14" rx="4" fill="#1a1a1a"/>
    <!-- shell -->
    <path d="M240 360 C230 230 320 130 440 130 C560 130 620 220 610 330 C606 380 590 420 560 452
             L300 466 C262 450 244 410 240 360 Z" fill="${l.body}"/>
    <path d="M260 250 C330 200 470 190 600 260 L604 292 C480 232 340 236 252 290 Z" fill="${l.accent}"/>
    <path d="M300 190 C360 160 440 150 520 168" fill="none" stroke="${l.detail}" stroke-width="14" stroke-linecap="round"/>
    <!-- visor opening and visor -->
    <path d="M330 300 C400 280 520 282 596 306 C600 340 592 368 580 384 C500 372 410 372 330 384 C318 360 320 326 330 300 Z"
          fill="#16181d"/>
    <path d="M340 306 C420 290 510 292 588 312 C590 330 588 344 584 352 C500 340 420 340 338 352 C334 336 335 320 340 306 Z"
          fill="url(#visor)"/>
    <path d="M360 312 C420 302 480 302 540 308" fill="none" stroke="#fff" stroke-width="5" opacity=".45" stroke-linecap="round"/>
    <!-- chin bar -->
    <path d="M320 392 C420 380 520 380 578 392 C566 430 540 452 500 462 L330 468 C312 446 310 420 320 392 Z"
          fill="${l.body}"/>
    <path d="M330 404 L560 400" stroke="#000" stroke-width="4" opacity=".25"/>
    <rect x="400" y="414" width="80" height="16" rx="8" fill="#222"/>
    <!-- gloss -->
    <path d="M290 200 C330 160 390 142 440 140" fill="none" stroke="#fff" stroke-width="10" opacity=".35" stroke-linecap="round"/>
  </g>`;
}

const star = (cx: number, cy: number, r: number, fill: string) => {
  const points = Array.from({ length: 10 }, (_, i) => {
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    const rr = i % 2 ? r * 0.45 : r;
    return `${(cx + Math.cos(a) * rr).toFixed(1)},${(cy + Math.sin(a) * rr).toFixed(1)}`;
  });
  return `<polygon points="${points.join(' ')}" fill="${fill}"/>`;
};

/** One trading card: yellow frame, art window with a flame creature, energy symbol, text lines. */
function tradingCard(x: number, y: number, angle: number, art: string, creature: string): string {
  return `<g transform="translate(${x} ${y}) rotate(${angle})">
    <rect x="-6" y="-6" width="232" height="322" rx="16" fill="#000" opacity=".15"/>
    <rect width="220" height="310" rx="14" fill="#f2c521"/>
    <rect x="10" y="10" width="200" height="290" rx="8" fill="#f7f1de"/>
    <rect x="18" y="20" width="120" height="12" rx="4" fill="#333" opacity=".75"/>
    <circle cx="190" cy="26" r="11" fill="${creature}"/>
    <rect x="18" y="42" width="184" height="130" rx="4" fill="${art}"/>
    <circle cx="110" cy="112" r="46" fill="#fff" opacity=".25"/>
    <path d="M110 70 C130 92 140 110 132 132 C126 148 94 148 88 132 C80 110 92 96 110 70 Z" fill="${creature}"/>
    <path d="M110 96 C118 108 122 118 118 128 C114 136 104 136 100 128 C98 118 104 108 110 96 Z" fill="#ffd35a"/>
    <rect x="18" y="184" width="150" height="10" rx="4" fill="#555" opacity=".6"/>
    <rect x="18" y="204" width="184" height="8" rx="4" fill="#777" opacity=".45"/>
    <rect x="18" y="220" width="160" height="8" rx="4" fill="#777" opacity=".45"/>
    <rect x="18" y="246" width="120" height="10" rx="4" fill="#555" opacity=".6"/>
    <circle cx="186" cy="276" r="12" fill="${creature}"/>
  </g>`;
}

/** One single card face up, as a collector photographs its front. */
export function singleCard(l: Livery): string {
  return `<g>
    <ellipse cx="400" cy="520" rx="170" ry="16" fill="#000" opacity=".16"/>
    ${tradingCard(290, 140, 0, l.accent, l.body)}
    <path d="M320 160 L350 150 L490 440 L460 450 Z" fill="#fff" opacity=".2"/>
  </g>`;
}

/** The back of a trading card: the blue swirl and the ball every card shares. */
export function cardBack(_l: Livery): string {
  return `<g>
    <ellipse cx="400" cy="520" rx="170" ry="16" fill="#000" opacity=".16"/>
    <g transform="translate(290 140)">
      <rect x="-6" y="-6" width="232" height="322" rx="16" fill="#000" opacity=".15"/>
      <rect width="220" height="310" rx="14" fill="#1f4fa0"/>
      <rect x="10" y="10" width="200" height="290" rx="8" fill="#2f6fd8"/>
      <path d="M20 60 C80 20 140 100 200 50 L200 120 C140 170 80 90 20 130 Z" fill="#5b8fe8" opacity=".7"/>
      <path d="M20 190 C80 150 140 230 200 180 L200 250 C140 300 80 220 20 260 Z" fill="#173d80" opacity=".6"/>
      <circle cx="110" cy="155" r="52" fill="#f4f4f4"/>
      <path d="M58 155 A52 52 0 0 1 162 155 Z" fill="#d40000"/>
      <rect x="58" y="150" width="104" height="10" fill="#1d1d1d"/>
      <circle cx="110" cy="155" r="16" fill="#f4f4f4" stroke="#1d1d1d" stroke-width="8"/>
    </g>
  </g>`;
}

/** Trading cards fanned out, the front one with holographic shine. */
export function cardFan(l: Livery): string {
  return `<g>
    <ellipse cx="400" cy="520" rx="260" ry="20" fill="#000" opacity=".16"/>
    ${tradingCard(200, 170, -14, '#7cc4f2', '#2f6fd8')}
    ${tradingCard(420, 130, 12, '#9bdc8c', '#3c9a3c')}
    ${tradingCard(300, 140, -1, l.accent, l.body)}
    <path d="M320 170 L360 150 L520 450 L480 470 Z" fill="#fff" opacity=".18" transform="rotate(-1 400 300)"/>
  </g>`;
}

/** A sealed foil booster pack with crimped ends, art and emblem. */
export function boosterPack(l: Livery): string {
  const crimp = (y: number) =>
    Array.from(
      { length: 12 },
      (_, i) => `${280 + i * 20},${y} ${290 + i * 20},${y + (y < 300 ? 12 : -12)}`,
    ).join(' ');
  return `<g>
    <ellipse cx="400" cy="530" rx="180" ry="18" fill="#000" opacity=".16"/>
    <g transform="rotate(-6 400 300)">
      <path d="M280 90 L520 90 L520 510 L280 510 Z" fill="${l.body}"/>
      <path d="M280 90 L520 90 L520 510 L280 510 Z" fill="url(#foil)"/>
      <polyline points="280,90 ${crimp(90)} 520,90" fill="none" stroke="#ddd" stroke-width="4"/>
      <polyline points="280,510 ${crimp(510)} 520,510" fill="none" stroke="#ddd" stroke-width="4"/>
      <rect x="280" y="90" width="240" height="30" fill="#e8e8e8" opacity=".85"/>
      <rect x="280" y="480" width="240" height="30" fill="#e8e8e8" opacity=".85"/>
      <circle cx="400" cy="290" r="92" fill="${l.accent}"/>
      <circle cx="400" cy="290" r="92" fill="none" stroke="#fff" stroke-width="8" opacity=".7"/>
      <path d="M400 214 C436 252 452 286 438 322 C428 348 372 348 362 322 C348 286 364 252 400 214 Z" fill="${l.detail}"/>
      <path d="M400 262 C414 280 420 296 414 312 C408 324 392 324 386 312 C380 296 386 280 400 262 Z" fill="#ffd35a"/>
      <rect x="310" y="410" width="180" height="36" rx="18" fill="#fff" opacity=".85"/>
      ${star(336, 428, 12, l.body)}
      <path d="M300 130 L340 130 L470 470 L430 470 Z" fill="#fff" opacity=".16"/>
    </g>
  </g>`;
}

/** A collector's box in perspective: front, top and side faces, with a window and emblem. */
export function collectorBox(l: Livery): string {
  return `<g>
    <ellipse cx="400" cy="500" rx="290" ry="24" fill="#000" opacity=".18"/>
    <path d="M170 200 L520 200 L520 480 L170 480 Z" fill="${l.body}"/>
    <path d="M170 200 L270 140 L620 140 L520 200 Z" fill="${l.body}"/>
    <path d="M170 200 L270 140 L620 140 L520 200 Z" fill="#fff" opacity=".25"/>
    <path d="M520 200 L620 140 L620 420 L520 480 Z" fill="${l.body}"/>
    <path d="M520 200 L620 140 L620 420 L520 480 Z" fill="#000" opacity=".25"/>
    <rect x="196" y="226" width="298" height="160" rx="10" fill="${l.accent}"/>
    <circle cx="345" cy="306" r="62" fill="#fff" opacity=".3"/>
    <path d="M345 250 C372 278 384 302 374 330 C366 350 324 350 316 330 C306 302 318 278 345 250 Z" fill="${l.detail}"/>
    <path d="M345 286 C356 300 360 312 356 324 C352 332 338 332 334 324 C330 312 334 300 345 286 Z" fill="#ffd35a"/>
    <rect x="196" y="402" width="200" height="16" rx="8" fill="#fff" opacity=".8"/>
    <rect x="196" y="430" width="140" height="12" rx="6" fill="#fff" opacity=".55"/>
    ${star(470, 430, 22, '#ffd35a')}
    <path d="M540 200 L600 164 L600 260 L540 296 Z" fill="#fff" opacity=".12"/>
  </g>`;
}

/** A 1950s-1970s truck with bonnet, rounded cab and a tarpaulin over the load bed. */
export function vintageTruck(l: Livery): string {
  const ribs = [180, 240, 300, 360]
    .map((x) => `<line x1="${x}" y1="214" x2="${x}" y2="372" stroke="#000" stroke-width="3" opacity=".18"/>`)
    .join('');
  return `<g>
    <ellipse cx="400" cy="478" rx="340" ry="20" fill="#000" opacity=".18"/>
    <rect x="110" y="380" width="600" height="22" fill="#2a2a2a"/>
    <!-- tarpaulin load -->
    <path d="M120 372 L120 226 C120 210 132 204 150 204 L400 204 C414 204 420 214 420 226 L420 372 Z" fill="${l.accent}"/>
    ${ribs}
    <rect x="112" y="366" width="316" height="18" fill="${l.detail}"/>
    <!-- cab -->
    <path d="M440 388 L440 250 C440 226 456 214 480 214 L548 214 C570 214 580 230 584 252 L592 300 L592 388 Z"
          fill="${l.body}"/>
    <path d="M468 236 L540 236 C552 236 558 244 560 256 L566 298 L468 298 Z" fill="#cfe6f2"/>
    <path d="M476 244 L520 244 L486 290 L476 290 Z" fill="#fff" opacity=".45"/>
    <!-- bonnet and grille -->
    <path d="M592 300 L686 312 C700 314 706 324 706 338 L706 388 L592 388 Z" fill="${l.body}"/>
    <rect x="700" y="318" width="14" height="62" rx="4" fill="#c9c9c9"/>
    <circle cx="698" cy="328" r="10" fill="#fff6c4" stroke="#bbb" stroke-width="3"/>
    <rect x="600" y="380" width="124" height="14" rx="5" fill="#bdbdbd"/>
    <!-- fenders -->
    <path d="M560 388 C560 340 680 340 680 388 Z" fill="${l.body}"/>
    <path d="M150 388 C150 344 250 344 250 388 Z" fill="${l.detail}"/>
    <path d="M270 388 C270 344 370 344 370 388 Z" fill="${l.detail}"/>
    ${wheel(620, 418, 44, '#b8b8b8', 8)}
    ${wheel(200, 418, 44, '#b8b8b8', 8)}
    ${wheel(320, 418, 44, '#b8b8b8', 8)}
    <path d="M448 230 C460 218 500 214 540 216" fill="none" stroke="#fff" stroke-width="5" opacity=".35"/>
  </g>`;
}

/** A modern cab-over tractor unit with roof spoiler, side skirts and tandem rear axle. */
export function modernTruck(l: Livery): string {
  return `<g>
    <ellipse cx="400" cy="480" rx="330" ry="20" fill="#000" opacity=".18"/>
    <!-- chassis, fifth wheel, tank -->
    <rect x="110" y="376" width="470" height="24" fill="#222"/>
    <rect x="150" y="352" width="120" height="22" rx="6" fill="#555"/>
    <rect x="300" y="372" width="120" height="40" rx="16" fill="#c8c8c8"/>
    <rect x="300" y="372" width="120" height="40" rx="16" fill="url(#chrome)"/>
    <!-- cab -->
    <path d="M440 430 L440 150 C440 126 456 112 482 112 L640 112 C664 112 676 126 680 150 L700 300 L704 430 Z"
          fill="${l.body}"/>
    <path d="M452 120 L640 96 L650 112 L452 130 Z" fill="${l.accent}"/>
    <path d="M660 150 L690 292 L664 296 L640 150 Z" fill="#23313d"/>
    <path d="M664 160 L682 270" stroke="#fff" stroke-width="4" opacity=".35"/>
    <rect x="470" y="160" width="150" height="120" rx="10" fill="#23313d"/>
    <path d="M482 170 L560 170 L500 270 L482 270 Z" fill="#fff" opacity=".25"/>
    <rect x="440" y="300" width="262" height="18" fill="${l.accent}"/>
    <rect x="652" y="330" width="52" height="70" rx="6" fill="#1d1d1d"/>
    <g fill="#c8c8c8">${[338, 352, 366, 380].map((y) => `<rect x="656" y="${y}" width="44" height="6" rx="2"/>`).join('')}</g>
    <rect x="688" y="404" width="30" height="14" rx="4" fill="#fff6c4"/>
    <rect x="448" y="410" width="262" height="22" rx="6" fill="#1d1d1d"/>
    <!-- mirror -->
    <rect x="700" y="170" width="12" height="70" rx="5" fill="#1d1d1d"/>
    <!-- exhaust stack -->
    <rect x="424" y="150" width="14" height="224" rx="6" fill="#c8c8c8"/>
    <!-- wheels -->
    <path d="M560 432 C560 372 680 372 680 432 Z" fill="#1d1d1d"/>
    ${wheel(620, 432, 48, '#d0d0d0', 10)}
    ${wheel(180, 432, 48, '#d0d0d0', 10)}
    ${wheel(292, 432, 48, '#d0d0d0', 10)}
    <path d="M470 130 C520 120 580 118 640 120" fill="none" stroke="#fff" stroke-width="6" opacity=".3"/>
  </g>`;
}

/** A lowered sports coupé with big multi-spoke rims and a rear wing. */
export function tuningCar(l: Livery): string {
  return `<g>
    <ellipse cx="400" cy="462" rx="330" ry="22" fill="#000" opacity=".2"/>
    <!-- body -->
    <path d="M90 392 C90 360 100 344 130 338 L250 320 C300 270 360 246 430 246 C500 246 550 266 600 310
             L690 330 C720 336 734 352 736 376 L738 408 C738 420 730 428 716 428 L110 428 C96 428 90 420 90 408 Z"
          fill="${l.body}"/>
    <!-- windows -->
    <path d="M280 320 C320 282 368 264 430 264 C474 264 510 278 548 312 Z" fill="#1e2a36"/>
    <path d="M420 266 L424 312" stroke="${l.body}" stroke-width="10"/>
    <path d="M300 314 C330 290 360 278 396 272 L330 314 Z" fill="#fff" opacity=".3"/>
    <!-- rear wing -->
    <rect x="96" y="300" width="12" height="44" fill="#1d1d1d"/>
    <rect x="152" y="304" width="12" height="36" fill="#1d1d1d"/>
    <path d="M72 292 L200 292 L196 306 L76 310 Z" fill="${l.accent}"/>
    <!-- stripes, skirt, lights -->
    <path d="M130 372 L720 372 L720 384 L130 384 Z" fill="${l.accent}" opacity=".9"/>
    <rect x="250" y="420" width="330" height="14" rx="4" fill="#1d1d1d"/>
    <path d="M700 344 L734 352 L734 366 L704 362 Z" fill="#fff6c4"/>
    <path d="M92 352 L120 348 L120 362 L92 366 Z" fill="#d11"/>
    <!-- wheels -->
    <path d="M160 428 C160 354 300 354 300 428 Z" fill="#111"/>
    <path d="M540 428 C540 354 680 354 680 428 Z" fill="#111"/>
    ${wheel(230, 420, 62, l.detail, 10, '#d22')}
    ${wheel(610, 420, 62, l.detail, 10, '#d22')}
    <path d="M150 336 C260 320 300 300 340 268" fill="none" stroke="#fff" stroke-width="5" opacity=".35"/>
  </g>`;
}

/** One sticker: a white-framed portrait of a player in team colours. */
function sticker(x: number, y: number, angle: number, shirt: string, background: string): string {
  return `<g transform="translate(${x} ${y}) rotate(${angle})">
    <rect x="-3" y="-3" width="96" height="126" rx="6" fill="#000" opacity=".15"/>
    <rect width="90" height="120" rx="5" fill="#fff"/>
    <rect x="6" y="6" width="78" height="92" fill="${background}"/>
    <circle cx="45" cy="44" r="17" fill="#e8b999"/>
    <path d="M28 38 C30 22 60 22 62 38 C56 30 34 30 28 38 Z" fill="#3a2a1e"/>
    <path d="M14 98 C16 72 30 64 45 64 C60 64 74 72 76 98 Z" fill="${shirt}"/>
    <rect x="10" y="104" width="70" height="8" rx="3" fill="#999"/>
  </g>`;
}

const football = (cx: number, cy: number, r: number) => `<g>
    <circle cx="${cx}" cy="${cy}" r="${r}" fill="#fff" stroke="#222" stroke-width="3"/>
    <polygon points="${[0, 1, 2, 3, 4]
      .map((i) => {
        const a = -Math.PI / 2 + (i * 2 * Math.PI) / 5;
        return `${(cx + Math.cos(a) * r * 0.38).toFixed(1)},${(cy + Math.sin(a) * r * 0.38).toFixed(1)}`;
      })
      .join(' ')}" fill="#222"/>
    ${[0, 1, 2, 3, 4]
      .map((i) => {
        const a = -Math.PI / 2 + (i * 2 * Math.PI) / 5;
        return `<line x1="${(cx + Math.cos(a) * r * 0.38).toFixed(1)}" y1="${(cy + Math.sin(a) * r * 0.38).toFixed(1)}" x2="${(cx + Math.cos(a) * r).toFixed(1)}" y2="${(cy + Math.sin(a) * r).toFixed(1)}" stroke="#222" stroke-width="3"/>`;
      })
      .join('')}
  </g>`;

/** A sticker album standing slightly open, with a football on the cover and stickers around it. */
export function stickerAlbum(l: Livery): string {
  return `<g>
    <ellipse cx="400" cy="520" rx="280" ry="20" fill="#000" opacity=".16"/>
    <path d="M230 90 L560 70 L580 500 L240 510 Z" fill="#f1efe8"/>
    <path d="M222 92 L552 72 L560 496 L232 508 Z" fill="${l.body}"/>
    <path d="M222 92 L252 90 L262 506 L232 508 Z" fill="#000" opacity=".2"/>
    <path d="M262 300 C340 250 460 240 556 270 L560 496 L262 506 Z" fill="${l.accent}"/>
    <path d="M262 380 L558 370" stroke="#fff" stroke-width="4" opacity=".6"/>
    <path d="M262 440 L559 432" stroke="#fff" stroke-width="4" opacity=".6"/>
    ${football(410, 200, 62)}
    <rect x="300" y="300" width="200" height="26" rx="13" fill="#fff" opacity=".85"/>
    ${star(520, 130, 20, '#fff')}
    ${sticker(110, 330, -16, '#1b4fb3', '#cfe3f7')}
    ${sticker(600, 320, 14, '#b31b1b', '#f7d6cf')}
    ${sticker(560, 420, -6, '#111', '#e9e9e9')}
  </g>`;
}

/** Sticker packs spilling from an open display box. */
export function stickerBox(l: Livery): string {
  const pack = (x: number, y: number, angle: number) => `<g transform="translate(${x} ${y}) rotate(${angle})">
      <rect width="110" height="150" rx="6" fill="${l.accent}"/>
      <rect width="110" height="150" rx="6" fill="url(#foil)"/>
      <rect y="0" width="110" height="14" fill="#eee" opacity=".8"/>
      <rect y="136" width="110" height="14" fill="#eee" opacity=".8"/>
      ${football(55, 64, 24)}
      <rect x="16" y="104" width="78" height="14" rx="7" fill="#fff" opacity=".85"/>
    </g>`;
  return `<g>
    <ellipse cx="400" cy="510" rx="310" ry="22" fill="#000" opacity=".18"/>
    <path d="M210 250 L520 250 L520 480 L210 480 Z" fill="${l.body}"/>
    <path d="M520 250 L600 210 L600 440 L520 480 Z" fill="${l.body}"/>
    <path d="M520 250 L600 210 L600 440 L520 480 Z" fill="#000" opacity=".25"/>
    ${pack(232, 150, -8)}${pack(330, 140, 4)}${pack(430, 150, 12)}
    <path d="M210 250 L290 210 L600 210 L520 250 Z" fill="#000" opacity=".35"/>
    <path d="M210 300 L520 300 L520 480 L210 480 Z" fill="${l.body}"/>
    ${football(300, 390, 46)}
    <rect x="370" y="372" width="130" height="20" rx="10" fill="#fff" opacity=".85"/>
    <rect x="370" y="402" width="90" height="14" rx="7" fill="#fff" opacity=".6"/>
    ${pack(600, 360, 24)}
  </g>`;
}

/** A card binder with a starter pack of trading cards fanned out before it. */
export function cardBinder(l: Livery): string {
  const card = (
    x: number,
    y: number,
    angle: number,
    shirt: string,
  ) => `<g transform="translate(${x} ${y}) rotate(${angle})">
      <rect width="120" height="170" rx="10" fill="#fff"/>
      <rect x="8" y="8" width="104" height="154" rx="6" fill="${l.accent}"/>
      <circle cx="60" cy="64" r="22" fill="#e8b999"/>
      <path d="M26 150 C28 112 44 100 60 100 C76 100 92 112 94 150 Z" fill="${shirt}"/>
      <rect x="14" y="14" width="30" height="22" rx="4" fill="#fff" opacity=".85"/>
    </g>`;
  return `<g>
    <ellipse cx="400" cy="520" rx="300" ry="20" fill="#000" opacity=".16"/>
    <rect x="170" y="90" width="330" height="400" rx="18" fill="${l.body}"/>
    <rect x="170" y="90" width="40" height="400" rx="12" fill="#000" opacity=".25"/>
    <circle cx="190" cy="170" r="9" fill="#ccc"/><circle cx="190" cy="290" r="9" fill="#ccc"/><circle cx="190" cy="410" r="9" fill="#ccc"/>
    ${football(360, 210, 56)}
    <rect x="260" y="300" width="200" height="24" rx="12" fill="#fff" opacity=".85"/>
    ${card(420, 250, -12, '#1b4fb3')}${card(500, 240, 2, '#111')}${card(575, 250, 15, '#b31b1b')}
  </g>`;
}

/** The studio backdrop every drawing stands on, with the shared gradients. */
export function scene(tint: string, product: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600">
  <defs>
    <radialGradient id="bg" cx="50%" cy="38%" r="75%">
      <stop offset="0" stop-color="#ffffff"/>
      <stop offset=".65" stop-color="${tint}"/>
      <stop offset="1" stop-color="${tint}" stop-opacity=".9"/>
    </radialGradient>
    <linearGradient id="floor" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#000" stop-opacity="0"/>
      <stop offset="1" stop-color="#000" stop-opacity=".08"/>
    </linearGradient>
    <radialGradient id="rimShade" cx="35%" cy="35%" r="70%">
      <stop offset="0" stop-color="#fff" stop-opacity=".5"/>
      <stop offset="1" stop-color="#000" stop-opacity=".3"/>
    </radialGradient>
    <linearGradient id="visor" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#6b7a8f"/>
      <stop offset=".5" stop-color="#1f2833"/>
      <stop offset="1" stop-color="#3d2b5a"/>
    </linearGradient>
    <linearGradient id="foil" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#fff" stop-opacity=".35"/>
      <stop offset=".4" stop-color="#fff" stop-opacity="0"/>
      <stop offset=".6" stop-color="#000" stop-opacity=".1"/>
      <stop offset="1" stop-color="#fff" stop-opacity=".25"/>
    </linearGradient>
    <linearGradient id="chrome" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#fff" stop-opacity=".6"/>
      <stop offset=".5" stop-color="#fff" stop-opacity="0"/>
      <stop offset="1" stop-color="#000" stop-opacity=".2"/>
    </linearGradient>
  </defs>
  <rect width="800" height="600" fill="url(#bg)"/>
  <rect y="400" width="800" height="200" fill="url(#floor)"/>
  ${product}
</svg>`;
}
