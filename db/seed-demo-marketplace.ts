import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { HORSE_CATEGORY_ATTRIBUTES } from './schema/marketplace-defaults';
import { queryRows, type Database } from './client';
import {
  cartItems,
  commissionStatements,
  DEFAULT_PAYOUT_DELAY_DAYS,
  favourites,
  listingContacts,
  listingReports,
  marketplaceCategories,
  MANUAL_PAYMENT_DAYS,
  media,
  mediaBlobs,
  moderationActions,
  orderItems,
  orders,
  publicationMedia,
  publications,
  sellerProfiles,
  settings,
  subOrderEvents,
  subOrders,
  users,
  type CategoryAttribute,
  type CategoryKind,
  type ListingStatus,
  type ShippingAddress,
  type SubOrderStatus,
} from './schema';

/*
 * The demo marketplace (DESIGN-MODULES C.1 to C.4, E.3, G.10), as sellers and the
 * administrators would have left it: the category tree, four sellers (the demo school,
 * verified, and stud, and two private sellers, one vouched for), about thirty listings in
 * every state (pending ones wait in the moderation queue, one is reported), their photos,
 * favourites, a buyer's cart and orders, and contact requests to the demo stud and school.
 */

/** Private sellers are not demo logins: users of no identity provider, shown as counterparts. */
const DEMO_MARKET_ISSUER = 'urn:equestrian:demo-marketplace';

type Root = {
  name: string;
  slug: string;
  kind: CategoryKind;
  attributes?: CategoryAttribute[];
  children: { name: string; slug: string; attributes?: CategoryAttribute[] }[];
};

const SADDLE_ATTRIBUTES: CategoryAttribute[] = [
  { name: 'size', label: 'Seat size (in)', type: 'number', required: false, min: 10, max: 20 },
  {
    name: 'saddle_type',
    label: 'Type',
    type: 'select',
    required: false,
    options: ['dressage', 'jumping', 'general_purpose', 'western'],
  },
  { name: 'brand', label: 'Brand', type: 'text', required: false },
];

const CATEGORY_TREE: Root[] = [
  {
    name: 'Horses',
    slug: 'horses',
    kind: 'horse',
    attributes: HORSE_CATEGORY_ATTRIBUTES,
    children: [
      { name: 'Sport horses', slug: 'sport-horses', attributes: HORSE_CATEGORY_ATTRIBUTES },
      { name: 'Leisure horses', slug: 'leisure-horses', attributes: HORSE_CATEGORY_ATTRIBUTES },
      { name: 'Ponies', slug: 'ponies', attributes: HORSE_CATEGORY_ATTRIBUTES },
    ],
  },
  {
    name: 'Tack',
    slug: 'tack',
    kind: 'item',
    children: [
      { name: 'Saddles', slug: 'saddles', attributes: SADDLE_ATTRIBUTES },
      {
        name: 'Bridles',
        slug: 'bridles',
        attributes: [
          {
            name: 'size',
            label: 'Size',
            type: 'select',
            required: false,
            options: ['pony', 'cob', 'full', 'extra_full'],
          },
        ],
      },
    ],
  },
  {
    name: 'Transport',
    slug: 'transport',
    kind: 'item',
    attributes: [
      {
        name: 'vehicle',
        label: 'Vehicle',
        type: 'select',
        required: true,
        options: ['trailer', 'lorry'],
      },
      { name: 'horses', label: 'Horses carried', type: 'integer', required: true, min: 1, max: 9 },
    ],
    children: [],
  },
  {
    name: 'Services',
    slug: 'services',
    kind: 'service',
    children: [
      { name: 'Training', slug: 'training' },
      { name: 'Farriery', slug: 'farriery' },
    ],
  },
  {
    name: 'Stallion services',
    slug: 'stallion-services',
    kind: 'stallion_service',
    attributes: [
      { name: 'breed', label: 'Breed', type: 'text', required: true },
      { name: 'height_cm', label: 'Height (cm)', type: 'integer', required: false, min: 70 },
      { name: 'discipline', label: 'Discipline', type: 'text', required: false },
    ],
    children: [],
  },
];

type Seller = 'school' | 'stud' | 'lucia' | 'emma';

type DemoListing = {
  seller: Seller;
  category: string;
  title: string;
  description: string;
  price: number | null;
  priceType?: 'fixed' | 'negotiable' | 'on_request';
  quantity?: number;
  condition?: 'new' | 'used';
  attributes?: Record<string, string | number>;
  status?: ListingStatus;
  statusReason?: string;
  /** Days since it was published (or, pending, hours since it was submitted). */
  age: number;
  /** Photos drawn in this colour; none without. */
  colour?: string;
  images?: number;
  ships?: number | 'free';
  /** Marks the listings the seed refers to afterwards. */
  key?:
    | 'mare'
    | 'tornado'
    | 'valiente'
    | 'welsh'
    | 'reported'
    | 'hanoverian'
    | 'cob'
    | 'jumping-saddle'
    | 'school-saddles'
    | 'anatomic-bridle'
    | 'lunging-set';
};

type ListingKey = NonNullable<DemoListing['key']>;

const horse = (
  breed: string,
  sex: 'mare' | 'gelding' | 'stallion',
  birth_year: number,
  height_cm: number,
  colour: string,
  discipline: string,
  level?: string,
) => ({ breed, sex, birth_year, height_cm, colour, discipline, ...(level ? { level } : {}) });

const LISTINGS: DemoListing[] = [
  {
    key: 'mare',
    seller: 'stud',
    category: 'sport-horses',
    title: 'Yegua PRE de 7 años, doma clásica nivel medio',
    description:
      'Yegua Pura Raza Española criada en la yeguada. Muy equilibrada, con cambios de pie sueltos y buen carácter en la cuadra. Revisión veterinaria disponible.',
    price: 18_500,
    priceType: 'negotiable',
    attributes: horse('Pura Raza Española', 'mare', 2019, 162, 'bay', 'dressage', 'medium'),
    age: 6,
    colour: '#8d5524',
    images: 3,
  },
  {
    key: 'hanoverian',
    seller: 'lucia',
    category: 'sport-horses',
    title: 'Hanoverian gelding, jumping 1.20 m',
    description:
      'Brave and careful Hanoverian, placed at regional 1.20 m shows this season. Easy to hack, clips, loads and shoes.',
    price: 24_000,
    attributes: horse('Hanoverian', 'gelding', 2016, 170, 'chestnut', 'show jumping', '1.20 m'),
    age: 12,
    colour: '#b5651d',
    images: 2,
  },
  {
    seller: 'emma',
    category: 'sport-horses',
    title: 'KWPN mare for eventing, CCI2* experience',
    description:
      'Bold cross-country mare with two CCI2* completions. Sensitive but honest; best for an experienced rider.',
    price: 15_000,
    priceType: 'negotiable',
    attributes: horse('KWPN', 'mare', 2015, 166, 'dark bay', 'eventing', 'CCI2*'),
    age: 20,
    colour: '#5d4037',
    images: 2,
  },
  {
    seller: 'stud',
    category: 'sport-horses',
    title: 'Potro PRE de 3 años, hijo de Valiente',
    description:
      'Potro tordo, domado a la cuerda y montado en las tres aires. Hijo de Valiente de la Sierra.',
    price: 9_500,
    attributes: horse(
      'Pura Raza Española',
      'stallion',
      2023,
      158,
      'grey',
      'dressage',
      'young horse',
    ),
    status: 'pending',
    age: 20,
    colour: '#9e9e9e',
    images: 2,
  },
  {
    seller: 'lucia',
    category: 'sport-horses',
    title: 'Caballo de salto 1,30 m, Silla Francés',
    description:
      'Castrado de 12 años con resultados en 1,30 m. Ideal para jinete amateur que quiera subir de altura.',
    price: 32_000,
    attributes: horse('Selle Français', 'gelding', 2014, 168, 'bay', 'show jumping', '1.30 m'),
    status: 'pending',
    age: 5,
    colour: '#6d4c41',
    images: 1,
  },
  {
    key: 'tornado',
    seller: 'stud',
    category: 'leisure-horses',
    title: 'Tornado, castrado tranquilo para paseo',
    description:
      'Castrado de 14 años, muy noble en el campo y en pista. Se vende por reducción de la yeguada; su genealogía está en la plataforma.',
    price: 4_500,
    priceType: 'negotiable',
    attributes: horse('Cruzado', 'gelding', 2012, 160, 'chestnut', 'trail riding', 'leisure'),
    age: 3,
    colour: '#a0522d',
    images: 2,
  },
  {
    key: 'cob',
    seller: 'emma',
    category: 'leisure-horses',
    title: 'Quiet Irish cob, the perfect first horse',
    description:
      'Safe in traffic, alone or in company. Has hunted and done Pony Club camps. Good to box, shoe and clip.',
    price: 6_000,
    attributes: horse('Irish Cob', 'gelding', 2013, 152, 'piebald', 'leisure'),
    age: 9,
    colour: '#424242',
    images: 3,
  },
  {
    seller: 'lucia',
    category: 'leisure-horses',
    title: 'Yegua árabe para raid y paseo',
    description: 'Yegua árabe con 80 km de raid terminados. Muy resistente y fácil de manejar.',
    price: 7_800,
    attributes: horse('Arabian', 'mare', 2017, 150, 'grey', 'endurance', '80 km'),
    age: 15,
    colour: '#bdbdbd',
    images: 2,
  },
  {
    seller: 'school',
    category: 'leisure-horses',
    title: 'Retired school horse looking for a quiet home',
    description:
      'Our faithful school mare retires from lessons. Sound for light hacking; we want her to go to a home we can visit.',
    price: 1_500,
    attributes: horse('Spanish Sport Horse', 'mare', 2008, 158, 'bay', 'leisure'),
    age: 30,
    colour: '#795548',
    images: 1,
  },
  {
    key: 'reported',
    seller: 'emma',
    category: 'leisure-horses',
    title: 'Caballos importados baratos, envío inmediato',
    description:
      'Caballos de todas las razas desde 900 €. Reserve con una señal por transferencia y se lo enviamos esta semana.',
    price: 900,
    attributes: horse('Varias', 'gelding', 2018, 160, 'bay', 'leisure'),
    age: 2,
    colour: '#c62828',
    images: 1,
  },
  {
    seller: 'lucia',
    category: 'leisure-horses',
    title: 'Yegua cruzada de 9 años para iniciación',
    description: 'Yegua muy tranquila para aprender. Anuncio caducado: ya casi vendida.',
    price: 3_000,
    attributes: horse('Cruzado', 'mare', 2017, 155, 'bay', 'leisure'),
    status: 'expired',
    age: 100,
    colour: '#8d6e63',
    images: 1,
  },
  {
    key: 'welsh',
    seller: 'school',
    category: 'ponies',
    title: 'Poni Welsh para niños, muy noble',
    description:
      'Poni de la escuela, perfecto para niños de 6 a 10 años. Salta cruzadas y va al paso en el campo.',
    price: 3_200,
    attributes: horse('Welsh Pony', 'mare', 2014, 128, 'dun', 'pony club', 'beginner'),
    age: 4,
    colour: '#d4a373',
    images: 3,
  },
  {
    seller: 'school',
    category: 'ponies',
    title: 'Shetland pony, 10 years, great with children',
    description: 'Our lead-rein Shetland, sold to a family from the school.',
    price: 1_200,
    attributes: horse('Shetland', 'gelding', 2016, 98, 'black', 'lead rein'),
    status: 'sold',
    age: 40,
    colour: '#212121',
    images: 1,
  },
  {
    seller: 'emma',
    category: 'ponies',
    title: 'Connemara pony, 14.2 hh, jumps 1 m',
    description: 'Talented Connemara mare, ready for a teenager to take to shows.',
    price: 8_500,
    attributes: horse('Connemara', 'mare', 2015, 146, 'grey', 'show jumping', '1.00 m'),
    age: 11,
    colour: '#cfd8dc',
    images: 2,
  },
  {
    seller: 'lucia',
    category: 'saddles',
    title: 'Silla de doma Passier 17,5"',
    description: 'Silla de doma Passier con faldones largos, árbol medio. Bien cuidada, con funda.',
    price: 1_150,
    condition: 'used',
    attributes: { size: 17.5, saddle_type: 'dressage', brand: 'Passier' },
    ships: 25,
    age: 8,
    colour: '#3e2723',
    images: 2,
  },
  {
    key: 'jumping-saddle',
    seller: 'emma',
    category: 'saddles',
    title: 'Close-contact jumping saddle, 17"',
    description: 'French calfskin close-contact saddle, medium-wide tree, flocked last spring.',
    price: 2_400,
    condition: 'used',
    attributes: { size: 17, saddle_type: 'jumping', brand: 'CWD' },
    ships: 30,
    age: 14,
    colour: '#4e342e',
    images: 3,
  },
  {
    key: 'school-saddles',
    seller: 'school',
    category: 'saddles',
    title: 'Sillas mixtas de escuela (se venden sueltas)',
    description:
      'Renovamos el guadarnés: tres sillas mixtas de 17" en buen estado, precio por unidad.',
    price: 380,
    quantity: 3,
    condition: 'used',
    attributes: { size: 17, saddle_type: 'general_purpose' },
    ships: 25,
    age: 7,
    colour: '#6d4c41',
    images: 1,
  },
  {
    seller: 'lucia',
    category: 'saddles',
    title: 'Western saddle 16"',
    description: 'Western trail saddle with a full-quarter tree. Paused while I am away.',
    price: 650,
    condition: 'used',
    attributes: { size: 16, saddle_type: 'western' },
    status: 'paused',
    age: 25,
    colour: '#8d6e63',
    images: 1,
  },
  {
    seller: 'emma',
    category: 'saddles',
    title: 'Synthetic GP saddle 17"',
    description: 'Draft: photos to follow.',
    price: 300,
    condition: 'used',
    status: 'draft',
    age: 1,
  },
  {
    seller: 'emma',
    category: 'saddles',
    title: 'Pony club saddle 15"',
    description: 'Small general-purpose saddle for a pony, adjustable gullet.',
    price: 240,
    condition: 'used',
    attributes: { size: 15, saddle_type: 'general_purpose' },
    ships: 20,
    status: 'pending',
    age: 30,
    colour: '#5d4037',
    images: 1,
  },
  {
    seller: 'lucia',
    category: 'bridles',
    title: 'Cabezada de doma inglesa, talla full',
    description:
      'Cabezada de piel con muserola inglesa y riendas de goma. Nuevas, varias unidades.',
    price: 135,
    quantity: 4,
    condition: 'new',
    attributes: { size: 'full' },
    ships: 8,
    age: 5,
    colour: '#263238',
    images: 2,
  },
  {
    key: 'anatomic-bridle',
    seller: 'emma',
    category: 'bridles',
    title: 'Anatomic snaffle bridle, cob size',
    description: 'Anatomic headpiece bridle with a flash noseband. Brand new, two in stock.',
    price: 89,
    quantity: 2,
    condition: 'new',
    attributes: { size: 'cob' },
    ships: 'free',
    age: 10,
    colour: '#37474f',
    images: 1,
  },
  {
    seller: 'school',
    category: 'bridles',
    title: 'Bridles and bits, a lot of five',
    description: 'Five used snaffle bridles with bits, pony and cob sizes.',
    price: 120,
    condition: 'used',
    attributes: { size: 'pony' },
    age: 18,
    colour: '#455a64',
    images: 1,
  },
  {
    // Bought last month (the demo's completed order): on the school's commission statement.
    key: 'lunging-set',
    seller: 'school',
    category: 'bridles',
    title: 'Lunging set: cavesson, lunge line and roller',
    description:
      'Our spare lunging kit, little used: cob-size cavesson, a 10 m line and a padded roller.',
    price: 140,
    quantity: 0,
    condition: 'used',
    attributes: { size: 'cob' },
    ships: 10,
    status: 'sold',
    age: 60,
    colour: '#5d4037',
    images: 1,
  },
  {
    seller: 'stud',
    category: 'transport',
    title: 'Remolque Böckmann para dos caballos',
    description:
      'Remolque de dos plazas con rampa trasera y suelo renovado. ITV al día. Recogida en Ronda.',
    price: 7_900,
    condition: 'used',
    attributes: { vehicle: 'trailer', horses: 2 },
    age: 16,
    colour: '#1565c0',
    images: 2,
  },
  {
    seller: 'lucia',
    category: 'transport',
    title: 'Camión para 3 caballos, 7.500 kg',
    description: 'Camión con vivienda, tres plazas en espiga y guadarnés. Se puede ver en Madrid.',
    price: 38_000,
    priceType: 'negotiable',
    condition: 'used',
    attributes: { vehicle: 'lorry', horses: 3 },
    age: 22,
    colour: '#2e7d32',
    images: 3,
  },
  {
    seller: 'emma',
    category: 'transport',
    title: 'Single-horse trailer, new floor',
    description: 'Single-horse trailer for sale.',
    price: 3_100,
    condition: 'used',
    attributes: { vehicle: 'trailer', horses: 1 },
    status: 'rejected',
    statusReason:
      'The photos show a different trailer from the one described: add photos of the trailer for sale and its registration year.',
    age: 3,
  },
  {
    seller: 'school',
    category: 'training',
    title: 'Clases particulares de doma clásica',
    description: 'Clases de 45 minutos con Carmen Vidal, en tu caballo o en uno de la escuela.',
    price: 35,
    age: 13,
    colour: '#00897b',
    images: 1,
  },
  {
    seller: 'lucia',
    category: 'training',
    title: 'Doma de caballos jóvenes (mensualidad)',
    description:
      'Iniciación y doma de potros en Madrid norte: cinco sesiones por semana, pupilaje aparte.',
    price: 450,
    age: 17,
    colour: '#00695c',
    images: 1,
  },
  {
    seller: 'emma',
    category: 'training',
    title: 'Show jumping clinic with a Grand Prix rider',
    description: 'One-day clinic in Barcelona, groups of four by level, grid work and a course.',
    price: 120,
    quantity: 12,
    age: 6,
    colour: '#0277bd',
    images: 2,
  },
  {
    seller: 'emma',
    category: 'farriery',
    title: 'Herrador profesional, zona Barcelona',
    description:
      'Herrado en frío y en caliente, ortopedia con informe veterinario. Presupuesto sin compromiso.',
    price: null,
    priceType: 'on_request',
    age: 19,
    colour: '#616161',
    images: 1,
  },
  {
    key: 'valiente',
    seller: 'stud',
    category: 'stallion-services',
    title: 'Valiente de la Sierra: monta natural e inseminación',
    description:
      'Semental PRE tordo, aprobado para reproducción, con descendencia premiada en doma. Semen congelado con envío o monta natural en la yeguada.',
    price: 1_200,
    attributes: { breed: 'Pura Raza Española', height_cm: 165, discipline: 'dressage' },
    age: 28,
    colour: '#e0e0e0',
    images: 3,
  },
];

/** A photo for a listing: a sky, a field and a silhouette of what it sells. */
function drawing(kind: CategoryKind | 'transport', colour: string): string {
  const figures: Record<string, string> = {
    horse: `<path d="M150 190 q40 -30 110 -10 q30 -40 45 -60 l15 10 q-10 30 -20 60 l0 90 h-15 l-5 -70
      q-60 15 -110 0 l-5 70 h-15 l0 -90 q-20 0 -25 20 z" fill="${colour}"/>`,
    item: `<path d="M110 210 q90 -70 200 -20 q20 10 -10 30 q-90 30 -190 10 z" fill="${colour}"/>
      <rect x="190" y="225" width="10" height="45" fill="${colour}"/>`,
    transport: `<rect x="100" y="130" width="240" height="110" rx="14" fill="${colour}"/>
      <circle cx="170" cy="250" r="22" fill="#212121"/><circle cx="270" cy="250" r="22" fill="#212121"/>`,
    service: `<circle cx="220" cy="170" r="70" fill="none" stroke="${colour}" stroke-width="18"/>`,
    stallion_service: `<path d="M150 190 q40 -30 110 -10 q30 -40 45 -60 l15 10 q-10 30 -20 60 l0 90 h-15 l-5 -70
      q-60 15 -110 0 l-5 70 h-15 l0 -90 q-20 0 -25 20 z" fill="${colour}" stroke="#fff8e1" stroke-width="4"/>`,
  };
  return `<svg xmlns="http://www.w3.org/2000/svg" width="440" height="330">
    <rect width="440" height="330" fill="#cfe8fc"/>
    <rect y="230" width="440" height="100" fill="#7cb342"/>
    ${figures[kind]}
  </svg>`;
}

/**
 * The demo marketplace, in the demo seed's transaction (it runs once, into a database without
 * organizations). Categories already there (an administrator's) are kept and used.
 */
export async function seedDemoMarketplace(
  tx: Database,
  of: { schoolId: string; studId: string; year: number },
) {
  // Prices of a Spanish demo in euros, unless an administrator chose the currency already.
  await tx
    .insert(settings)
    .values({ key: 'marketplace.currency', value: 'EUR' })
    .onConflictDoNothing();

  const categories = new Map<string, { id: string; kind: CategoryKind }>();
  for (const [position, root] of CATEGORY_TREE.entries()) {
    const parent = await category(tx, { ...root, position, parentId: null });
    categories.set(root.slug, parent);
    for (const [index, child] of root.children.entries()) {
      categories.set(
        child.slug,
        await category(tx, { ...child, kind: root.kind, position: index, parentId: parent.id }),
      );
    }
  }

  const [lucia, emma] = await tx
    .insert(users)
    .values([
      {
        issuer: DEMO_MARKET_ISSUER,
        subject: 'lucia',
        email: 'lucia.fernandez@example.com',
        emailVerified: true,
        displayName: 'Lucía Fernández',
        // An administrator vouched for her: her listings show verified.
        verified: true,
      },
      {
        issuer: DEMO_MARKET_ISSUER,
        subject: 'emma',
        email: 'emma.clarke@example.com',
        emailVerified: true,
        displayName: 'Emma Clarke',
      },
    ])
    .returning({ id: users.id });
  const profiles = await tx
    .insert(sellerProfiles)
    .values([
      {
        organizationId: of.schoolId,
        displayName: 'Demo Riding School',
        slug: 'demo-riding-school',
        bio: 'Riding school in Sevilla: school horses, ponies and tack we no longer need.',
        city: 'Sevilla',
        state: 'Andalucía',
        country: 'ES',
        contactEmail: 'owner@demo.school',
      },
      {
        organizationId: of.studId,
        displayName: 'Demo Stud Farm',
        slug: 'demo-stud-farm',
        bio: 'Yeguada de Pura Raza Española en la serranía de Ronda.',
        city: 'Ronda',
        state: 'Andalucía',
        country: 'ES',
        phone: '+34 952 000 111',
        phoneVisible: true,
        contactEmail: 'owner@demo.stud',
      },
      {
        userId: lucia!.id,
        displayName: 'Lucía Fernández',
        slug: 'lucia-fernandez',
        bio: 'Amazona de salto en Madrid; vendo caballos y equipo propio.',
        city: 'Madrid',
        state: 'Madrid',
        country: 'ES',
      },
      {
        userId: emma!.id,
        displayName: 'Emma Clarke',
        slug: 'emma-clarke',
        bio: 'British eventer based near Barcelona.',
        city: 'Sant Cugat del Vallès',
        state: 'Cataluña',
        country: 'ES',
      },
    ])
    .returning();
  const profileOf: Record<Seller, (typeof profiles)[number]> = {
    school: profiles[0]!,
    stud: profiles[1]!,
    lucia: profiles[2]!,
    emma: profiles[3]!,
  };

  // The stud's gelding for sale carries his pedigree; Valiente's listing offers this season's services.
  const [tornado] = await queryRows<{ id: string }>(
    tx,
    sql`select id from horse_identities where created_by_org_id = ${of.studId} and name = 'Tornado'`,
  );
  const services = await queryRows<{ id: string }>(
    tx,
    sql`select id from stud_services where stud_id = ${of.studId} and season = ${String(of.year)}
         order by created_at, id`,
  );

  const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
  const keyed = new Map<string, string>();
  for (const [n, listing] of LISTINGS.entries()) {
    const profile = profileOf[listing.seller];
    const cat = categories.get(listing.category)!;
    const status = listing.status ?? 'active';
    const published = status === 'pending' || status === 'draft' || status === 'rejected';
    const publishedAt = published ? null : daysAgo(listing.age);
    // A pending listing's age counts hours: the moderation queue shows the oldest first.
    const updatedAt =
      status === 'pending' ? new Date(Date.now() - listing.age * 3_600_000) : daysAgo(listing.age);
    const [row] = await tx
      .insert(publications)
      .values({
        sellerProfileId: profile.id,
        categoryId: cat.id,
        title: listing.title,
        description: listing.description,
        price: listing.price === null ? null : listing.price.toFixed(2),
        priceType: listing.priceType ?? 'fixed',
        saleMode: cat.kind === 'item' ? 'buy_now' : 'enquiry',
        quantity: listing.quantity ?? 1,
        condition: listing.condition ?? null,
        city: profile.city,
        state: profile.state,
        country: profile.country,
        ships: listing.ships !== undefined,
        shippingPrice: typeof listing.ships === 'number' ? listing.ships.toFixed(2) : null,
        pickup: true,
        attributes: listing.attributes ?? {},
        horseIdentityId: listing.key === 'tornado' ? (tornado?.id ?? null) : null,
        serviceIds: listing.key === 'valiente' ? services.map((s) => s.id) : [],
        status,
        statusReason: listing.statusReason ?? null,
        publishedAt,
        expiresAt: publishedAt ? new Date(publishedAt.getTime() + 90 * 86_400_000) : null,
        createdAt: daysAgo(listing.age + 1),
        updatedAt,
      })
      .returning({ id: publications.id });
    if (listing.key) keyed.set(listing.key, row!.id);
    if (listing.status === 'rejected') {
      await tx.insert(moderationActions).values({
        publicationId: row!.id,
        action: 'reject',
        fromStatus: 'pending',
        toStatus: 'rejected',
        reason: listing.statusReason ?? null,
        createdAt: daysAgo(listing.age - 1),
      });
    }
    const kind = listing.category === 'transport' ? 'transport' : cat.kind;
    for (let image = 0; image < (listing.colour ? (listing.images ?? 1) : 0); image++) {
      await listingPhoto(tx, profile.id, row!.id, image, {
        bytes: await photo(kind, image === 0 ? listing.colour! : shade(listing.colour!, image)),
        name: `listing-${n + 1}-${image + 1}.jpg`,
        caption: image === 0 ? listing.title : null,
      });
    }
  }

  const id = (key: string) => keyed.get(key)!;
  await tx.insert(favourites).values([
    { userId: lucia!.id, publicationId: id('mare') },
    { userId: lucia!.id, publicationId: id('valiente') },
    { userId: lucia!.id, publicationId: id('welsh') },
    { userId: lucia!.id, publicationId: id('cob') },
    { userId: emma!.id, publicationId: id('mare') },
    { userId: emma!.id, publicationId: id('hanoverian') },
    { userId: emma!.id, publicationId: id('tornado') },
  ]);
  await tx.execute(
    sql`update publications p set favourites_count =
          (select count(*) from marketplace_favourites f where f.publication_id = p.id)
        where p.id in (select publication_id from marketplace_favourites)`,
  );
  // Lucía's cart: saddles of two sellers, sold outright.
  await tx.insert(cartItems).values([
    { userId: lucia!.id, publicationId: id('jumping-saddle'), quantity: 1 },
    { userId: lucia!.id, publicationId: id('school-saddles'), quantity: 2 },
  ]);
  await seedDemoOrders(tx, {
    buyerId: lucia!.id,
    listingId: id,
    categoryId: (slug) => categories.get(slug)!.id,
    profileId: (seller) => profileOf[seller].id,
  });
  await tx.insert(listingContacts).values([
    {
      publicationId: id('mare'),
      sellerProfileId: profileOf.stud.id,
      senderId: lucia!.id,
      message:
        'Hola, me interesa mucho la yegua. ¿Podría verla montada este sábado? ¿Tiene radiografías recientes?',
      phone: '+34 600 123 456',
    },
    {
      publicationId: id('welsh'),
      sellerProfileId: profileOf.school.id,
      senderId: emma!.id,
      message:
        'Hello, is the Welsh pony still available? My daughter is nine and rides once a week; could she try her?',
    },
  ]);
  await tx.insert(listingReports).values({
    publicationId: id('reported'),
    reporterId: lucia!.id,
    reason: 'fraud',
    details:
      'Pide una señal por transferencia antes de ver el caballo y las fotos son de otra web.',
  });
}

type DemoOrder = {
  /** Days since checkout; `last-month`: the 5th of the previous month (UTC). */
  age: number | 'last-month';
  /** How far each part got along paid → processing → shipped → delivered → completed. */
  status: Extract<SubOrderStatus, 'awaiting_payment' | 'shipped' | 'completed'>;
  /** The Correos number of a part that was sent. */
  tracking?: string;
  note: string | null;
  /** One sub-order per seller, lettered in this order. */
  parts: { seller: Seller; lines: { key: ListingKey; quantity: number }[] }[];
};

/**
 * Lucía's orders, checked out with the manual driver (the default): one from the school last
 * month, received and confirmed (so on the school's statement for that month), one shipped by
 * the school last week, one awaiting payment from the school and Emma. The listings'
 * quantities above are the stock left after them.
 */
const DEMO_ORDERS: DemoOrder[] = [
  {
    age: 'last-month',
    status: 'completed',
    tracking: 'PK4F6B0698765432',
    note: null,
    parts: [{ seller: 'school', lines: [{ key: 'lunging-set', quantity: 1 }] }],
  },
  {
    age: 6,
    status: 'shipped',
    tracking: 'PK4F6B0712345678',
    note: null,
    parts: [{ seller: 'school', lines: [{ key: 'school-saddles', quantity: 1 }] }],
  },
  {
    age: 1,
    status: 'awaiting_payment',
    note: 'Por las tardes estoy en la cuadra: llamadme antes de enviar.',
    parts: [
      { seller: 'school', lines: [{ key: 'school-saddles', quantity: 1 }] },
      { seller: 'emma', lines: [{ key: 'anatomic-bridle', quantity: 1 }] },
    ],
  },
];

const LUCIA_ADDRESS: ShippingAddress = {
  name: 'Lucía Fernández',
  street: 'Calle de Alcalá 120, 3º B',
  city: 'Madrid',
  state: 'Madrid',
  postal_code: '28009',
  country: 'ES',
  phone: '+34 600 123 456',
};

const correosUrl = (number: string) =>
  `https://www.correos.es/es/es/herramientas/localizador/envios/detalle?tracking-number=${number}`;

/** The marketplace's currency, as checkout snapshots it. */
const MARKETPLACE_CURRENCY = sql<string>`coalesce((select s.value #>> '{}' from settings s
                                                     where s.key = 'marketplace.currency'), 'USD')`;

/** An amount in cents as numeric text. */
const cents = (amount: number) => (amount / 100).toFixed(2);

/**
 * The demo orders as checkout and the seller's and buyer's steps would have left them (C.5 to
 * C.7): the order numbers from the platform's sequence, the lines' snapshots with the
 * commission of the global band holding each line, every sub-order's status history, and the
 * commission statements of the closed months, as the hourly job issues them.
 */
async function seedDemoOrders(
  tx: Database,
  of: {
    buyerId: string;
    listingId: (key: ListingKey) => string;
    categoryId: (slug: string) => string;
    profileId: (seller: Seller) => string;
  },
) {
  const bands = await queryRows<{
    id: string;
    min: number;
    max: number | null;
    rate: number;
    fee: number;
  }>(
    tx,
    sql`select id, min_amount::float8 * 100 as min, max_amount::float8 * 100 as max,
               rate_percent::float8 as rate, fixed_fee::float8 * 100 as fee
          from commission_tiers where active and category_id is null`,
  );
  const listingOf = new Map(LISTINGS.filter((l) => l.key).map((l) => [l.key!, l]));
  const today = new Date();
  const now = today.getTime();
  const dated = DEMO_ORDERS.map((order) => ({
    order,
    createdAt:
      order.age === 'last-month'
        ? new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 5, 10))
        : new Date(now - order.age * 86_400_000),
  }));

  const placed = await tx
    .insert(orders)
    .values(
      dated.map(({ order, createdAt }) => ({
        number: sql`${`MP-${createdAt.getUTCFullYear()}-`}
                    || lpad(nextval('marketplace_order_number_seq')::text, 6, '0')`,
        buyerId: of.buyerId,
        currency: MARKETPLACE_CURRENCY,
        shippingAddress: LUCIA_ADDRESS,
        note: order.note,
        provider: 'manual' as const,
        expiresAt: new Date(createdAt.getTime() + MANUAL_PAYMENT_DAYS * 86_400_000),
        createdAt,
        updatedAt: createdAt,
      })),
    )
    .returning({ id: orders.id, number: orders.number, createdAt: orders.createdAt });

  const parts = dated.flatMap(({ order, createdAt }) => {
    const { id: orderId, number } = placed.find(
      (row) => row.createdAt.getTime() === createdAt.getTime(),
    )!;
    return order.parts.map((part, n) => {
      const lines = part.lines.map(({ key, quantity }) => {
        const listing = listingOf.get(key)!;
        const unit = listing.price! * 100;
        const total = unit * quantity;
        const band = bands.find((b) => b.min <= total && (b.max === null || total < b.max));
        const commission = band
          ? Math.min(total, Math.round((total * band.rate) / 100 + band.fee))
          : 0;
        const shipping = typeof listing.ships === 'number' ? listing.ships * 100 * quantity : 0;
        return { key, listing, quantity, unit, total, shipping, band, commission };
      });
      const sum = (pick: (line: (typeof lines)[number]) => number) =>
        lines.reduce((total, line) => total + pick(line), 0);
      return {
        order,
        orderId,
        number: `${number}-${String.fromCharCode(65 + n)}`,
        createdAt,
        seller: part.seller,
        lines,
        items: sum((l) => l.total),
        shipping: sum((l) => l.shipping),
        commission: sum((l) => l.commission),
        ships: lines.every((l) => l.listing.ships !== undefined),
      };
    });
  });

  // The steps of a part, in hours after checkout: paid, accepted, sent; received and confirmed.
  type Part = (typeof parts)[number];
  const at = (part: Part, hours: number) => new Date(part.createdAt.getTime() + hours * 3_600_000);
  const sent = (part: Part) => part.order.status !== 'awaiting_payment';
  const completed = (part: Part) => part.order.status === 'completed';
  const SENT_HOURS = 44;
  const DELIVERED_HOURS = 96;
  const COMPLETED_HOURS = 98;
  const lastStep = (part: Part) =>
    at(part, completed(part) ? COMPLETED_HOURS : sent(part) ? SENT_HOURS : 0);

  const subs = await tx
    .insert(subOrders)
    .values(
      parts.map((part) => ({
        orderId: part.orderId,
        number: part.number,
        sellerProfileId: of.profileId(part.seller),
        status: part.order.status,
        fulfilment: part.ships ? ('shipping' as const) : ('pickup' as const),
        itemsTotal: cents(part.items),
        shippingAmount: cents(part.shipping),
        commissionAmount: cents(part.commission),
        sellerNet: cents(part.items + part.shipping - part.commission),
        ...(sent(part)
          ? {
              trackingCarrier: 'Correos',
              trackingNumber: part.order.tracking!,
              trackingUrl: correosUrl(part.order.tracking!),
              paidAt: at(part, 20),
              shippedAt: at(part, SENT_HOURS),
            }
          : {}),
        // Paid out by the order timers a week after completion (C.7).
        ...(completed(part)
          ? {
              deliveredAt: at(part, DELIVERED_HOURS),
              completedAt: at(part, COMPLETED_HOURS),
              payoutStatus: 'paid' as const,
              payoutDueAt: new Date(
                at(part, COMPLETED_HOURS).getTime() + DEFAULT_PAYOUT_DELAY_DAYS * 86_400_000,
              ),
            }
          : {}),
        createdAt: part.createdAt,
        updatedAt: lastStep(part),
      })),
    )
    .returning({ id: subOrders.id, number: subOrders.number });
  const subId = (part: (typeof parts)[number]) =>
    subs.find((sub) => sub.number === part.number)!.id;

  await tx.insert(orderItems).values(
    parts.flatMap((part) =>
      part.lines.map((line) => ({
        subOrderId: subId(part),
        publicationId: of.listingId(line.key),
        categoryId: of.categoryId(line.listing.category),
        title: line.listing.title,
        unitPrice: cents(line.unit),
        quantity: line.quantity,
        lineTotal: cents(line.total),
        shipping: cents(line.shipping),
        commissionTierId: line.band?.id ?? null,
        commissionRatePercent: (line.band?.rate ?? 0).toFixed(2),
        commissionFixedFee: cents(line.band?.fee ?? 0),
        commissionAmount: cents(line.commission),
        createdAt: part.createdAt,
        updatedAt: part.createdAt,
      })),
    ),
  );

  // The school's owner has not signed in when the demo is seeded: its steps name no user.
  await tx.insert(subOrderEvents).values(
    parts.flatMap((part) => [
      {
        subOrderId: subId(part),
        toStatus: 'awaiting_payment' as const,
        actor: 'buyer' as const,
        actorId: of.buyerId,
        createdAt: part.createdAt,
      },
      ...(sent(part)
        ? [
            { fromStatus: 'awaiting_payment' as const, toStatus: 'paid' as const, hours: 20 },
            { fromStatus: 'paid' as const, toStatus: 'processing' as const, hours: 23 },
            {
              fromStatus: 'processing' as const,
              toStatus: 'shipped' as const,
              hours: SENT_HOURS,
              note: `Correos ${part.order.tracking}`,
            },
          ].map(({ hours, ...step }) => ({
            subOrderId: subId(part),
            actor: 'seller' as const,
            createdAt: at(part, hours),
            ...step,
          }))
        : []),
      ...(completed(part)
        ? [
            {
              fromStatus: 'shipped' as const,
              toStatus: 'delivered' as const,
              hours: DELIVERED_HOURS,
            },
            {
              fromStatus: 'delivered' as const,
              toStatus: 'completed' as const,
              hours: COMPLETED_HOURS,
            },
          ].map(({ hours, ...step }) => ({
            subOrderId: subId(part),
            actor: 'buyer' as const,
            actorId: of.buyerId,
            createdAt: at(part, hours),
            ...step,
          }))
        : []),
    ]),
  );

  // The manual driver's statements (C.0, C.7): per seller and UTC month of completion, issued
  // when the month closed.
  const statements = new Map<string, { seller: Seller; period: Date; parts: Part[] }>();
  for (const part of parts.filter(completed)) {
    const done = at(part, COMPLETED_HOURS);
    const period = new Date(Date.UTC(done.getUTCFullYear(), done.getUTCMonth(), 1));
    const key = `${part.seller} ${period.toISOString()}`;
    const statement = statements.get(key) ?? { seller: part.seller, period, parts: [] };
    statement.parts.push(part);
    statements.set(key, statement);
  }
  if (statements.size > 0)
    await tx.insert(commissionStatements).values(
      [...statements.values()].map(({ seller, period, parts: counted }) => {
        const sum = (pick: (part: Part) => number) =>
          counted.reduce((total, part) => total + pick(part), 0);
        return {
          sellerProfileId: of.profileId(seller),
          period: period.toISOString().slice(0, 10),
          subOrders: counted.length,
          salesTotal: cents(sum((p) => p.items + p.shipping)),
          commissionTotal: cents(sum((p) => p.commission)),
          currency: MARKETPLACE_CURRENCY,
          issuedAt: new Date(Date.UTC(period.getUTCFullYear(), period.getUTCMonth() + 1, 1)),
        };
      }),
    );
}

async function category(
  tx: Database,
  values: {
    name: string;
    slug: string;
    kind: CategoryKind;
    attributes?: CategoryAttribute[];
    position: number;
    parentId: string | null;
  },
): Promise<{ id: string; kind: CategoryKind }> {
  await tx
    .insert(marketplaceCategories)
    .values({ ...values, attributes: values.attributes ?? [] })
    .onConflictDoNothing();
  const [row] = await queryRows<{ id: string; kind: CategoryKind }>(
    tx,
    sql`select id, kind from marketplace_categories where slug = ${values.slug}`,
  );
  return row!;
}

const drawn = new Map<string, Promise<Buffer>>();

/** A listing photo as an upload stores it: a small JPEG without metadata (drawn once a colour). */
function photo(kind: CategoryKind | 'transport', colour: string): Promise<Buffer> {
  const key = `${kind}:${colour}`;
  if (!drawn.has(key)) {
    drawn.set(
      key,
      sharp(Buffer.from(drawing(kind, colour)))
        .jpeg({ quality: 80 })
        .toBuffer(),
    );
  }
  return drawn.get(key)!;
}

/** The colour lightened for a listing's further photos, so that they differ. */
function shade(colour: string, step: number): string {
  const channels = [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16));
  return `#${channels
    .map((c) =>
      Math.min(255, c + 40 * step)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

async function listingPhoto(
  tx: Database,
  sellerProfileId: string,
  publicationId: string,
  position: number,
  file: { bytes: Buffer; name: string; caption: string | null },
) {
  const [stored] = await tx
    .insert(media)
    .values({
      sellerProfileId,
      contentType: 'image/jpeg',
      sizeBytes: file.bytes.length,
      sha256: createHash('sha256').update(file.bytes).digest('hex'),
      store: 'database',
      storageKey: `${sellerProfileId}/demo-${file.name}`,
      filename: file.name,
      caption: file.caption,
      width: 440,
      height: 330,
    })
    .returning({ id: media.id });
  await tx.insert(mediaBlobs).values({
    mediaId: stored!.id,
    bytes: sql`decode(${file.bytes.toString('base64')}, 'base64')`,
  });
  await tx.insert(publicationMedia).values({
    sellerProfileId,
    publicationId,
    mediaId: stored!.id,
    position,
  });
}
