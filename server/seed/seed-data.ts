// The demo catalog: the spec's four sample services with their exact prices and durations, and more.

// The demo accounts belong to identity (demo sign-in finds them); the seed creates them.
import { demoAccounts } from '../identity/demo-accounts.ts';

export { demoAccounts, demoPassword } from '../identity/demo-accounts.ts';

export const categoryNames = ['Exterior', 'Interior', 'Full Detail', 'Protection', 'Specialty'] as const;
type CategoryName = (typeof categoryNames)[number];

export type SeedService = {
  key: string;
  name: string;
  description: string;
  category: CategoryName;
  priceCents: number;
  durationMinutes: number;
  image: string;
  /** What the detailer ticks on the job before Complete (decision 020). */
  checklist: string[];
  /** Extra for bigger cars (decision 020); none on most, so the spec's totals stay as they are. */
  surcharges?: { vehicleType: 'Truck' | 'Van'; surchargeCents: number }[];
};

export const seedServices: SeedService[] = [
  {
    key: 'basic-wash',
    name: 'Basic Exterior Wash',
    category: 'Exterior',
    priceCents: 5900,
    durationMinutes: 45,
    image: 'exterior-wash',
    description: 'Hand wash, wheel and tire clean, spot-free rinse and hand dry, right in your driveway.',
    checklist: ['Pre-rinse and foam', 'Hand wash with two buckets', 'Wheels and tyres cleaned', 'Dry and windows streak-free'],
  },
  {
    key: 'interior',
    name: 'Full Interior Detail',
    category: 'Interior',
    priceCents: 12900,
    durationMinutes: 120,
    image: 'interior-detail',
    description: 'Deep vacuum, steam-cleaned seats and carpets, dash and door panels wiped and protected.',
    checklist: [
      'Vacuum seats, carpets and mats',
      'Steam-clean seats and carpets',
      'Dash, console and door panels wiped',
      'Interior glass cleaned',
      'Protectant on plastics and vinyl',
    ],
  },
  {
    key: 'complete',
    name: 'Complete Detail Package',
    category: 'Full Detail',
    priceCents: 19900,
    durationMinutes: 180,
    image: 'complete-detail',
    description: 'Our exterior wash and full interior detail together, finished with a spray wax.',
    checklist: [
      'Pre-rinse and foam',
      'Hand wash and wheels cleaned',
      'Vacuum and steam-clean the interior',
      'Dash, console and door panels wiped',
      'Spray wax applied',
      'Windows streak-free inside and out',
    ],
    // The demo's surcharge line: Gloss Boss charges $20 more for a truck or a van.
    surcharges: [
      { vehicleType: 'Truck', surchargeCents: 2000 },
      { vehicleType: 'Van', surchargeCents: 2000 },
    ],
  },
  {
    key: 'ceramic',
    name: 'Ceramic Coating',
    category: 'Protection',
    priceCents: 39900,
    durationMinutes: 300,
    image: 'ceramic-coating',
    description: 'Paint decontamination and a ceramic coating that keeps the gloss and beads water for years.',
    checklist: [
      'Wash and iron decontamination',
      'Clay bar treatment',
      'Panel wipe before coating',
      'Ceramic coating applied and levelled',
      'Cured and inspected under light',
    ],
  },
  {
    key: 'engine',
    name: 'Engine Bay Cleaning',
    category: 'Specialty',
    priceCents: 8900,
    durationMinutes: 60,
    image: 'engine-bay',
    description: 'Safe degreasing and dressing of the engine bay, with sensitive parts covered.',
    checklist: ['Sensitive parts covered', 'Degreaser applied and agitated', 'Rinsed at low pressure', 'Dried and dressed'],
  },
  {
    key: 'headlights',
    name: 'Headlight Restoration',
    category: 'Specialty',
    priceCents: 7900,
    durationMinutes: 60,
    image: 'headlight-restoration',
    description: 'Cloudy, yellowed lenses sanded, polished and sealed for clear night driving.',
    checklist: ['Lenses masked off', 'Wet-sanded in stages', 'Polished to clear', 'UV sealant applied'],
  },
  {
    key: 'pet-hair',
    name: 'Pet Hair Removal',
    category: 'Interior',
    priceCents: 6900,
    durationMinutes: 60,
    image: 'pet-hair',
    description: 'Every seat, mat and corner freed of embedded pet hair and odour.',
    checklist: ['Rubber-brush seats and carpets', 'Vacuum every seam and corner', 'Mats cleaned', 'Odour treatment applied'],
  },
  {
    key: 'paint-correction',
    name: 'Paint Correction',
    category: 'Protection',
    priceCents: 34900,
    durationMinutes: 240,
    image: 'paint-correction',
    description: 'Machine polishing that removes swirls and light scratches before protection.',
    checklist: [
      'Wash and decontamination',
      'Paint depth measured',
      'Compound and polish each panel',
      'Panel wipe and inspection under light',
    ],
  },
  {
    key: 'wash-wax',
    name: 'Express Wash & Wax',
    category: 'Exterior',
    priceCents: 8900,
    durationMinutes: 75,
    image: 'exterior-wash',
    description: 'A full exterior wash finished with a hand-applied carnauba wax.',
    checklist: [
      'Pre-rinse and foam',
      'Hand wash with two buckets',
      'Dry with microfibre',
      'Carnauba wax applied by hand',
      'Windows streak-free',
    ],
  },
];

export type SeedDetailer = {
  email: string;
  username: string;
  name: string;
  businessName: string;
  description: string;
  avatar: number;
  rating: number;
  reviewCount: number;
  labels: string[];
  latitude: number;
  longitude: number;
  /** How far from the base they travel; each covers downtown San Francisco, where the demo books. */
  radiusMiles: number;
  /** What the customer looks for at the curb. */
  vehicle: string;
  /** Keys of seedServices; the first detailer lists every service, the others offer a selection. */
  offers: string[];
  /**
   * Instant booking (decision 035): the demo shows both kinds. Gloss Boss, the demo detailer's own account, answers
   * requests (so the demo detailer has requests to accept); Sparkle Squad and Elite take instant bookings.
   */
  instantBooking?: boolean;
};

export const seedDetailers: SeedDetailer[] = [
  {
    ...demoAccounts.detailer,
    businessName: 'Gloss Boss Mobile Detailing',
    avatar: 1,
    rating: 4.9,
    reviewCount: 214,
    labels: ['Interior', 'Exterior', 'Full Detail'],
    latitude: 37.7599,
    longitude: -122.4148,
    radiusMiles: 15,
    vehicle: 'White Ford Transit with a blue Gloss Boss logo',
    description: 'Family-run detailing studio on wheels. Water-saving wash system and pet-safe products.',
    offers: seedServices.map((s) => s.key),
  },
  {
    email: 'maria@sparkle.example',
    username: 'sparklesquad',
    name: 'Maria Lopez',
    businessName: 'Sparkle Squad',
    avatar: 2,
    rating: 4.7,
    reviewCount: 132,
    labels: ['Interior', 'Exterior'],
    latitude: 37.7858,
    longitude: -122.4064,
    radiusMiles: 10,
    vehicle: 'Silver Toyota Tacoma with a water tank',
    description: 'Fast, friendly washes and interiors for busy commuters, weekdays and Saturdays.',
    offers: ['basic-wash', 'interior', 'complete', 'pet-hair', 'wash-wax'],
    instantBooking: true,
  },
  {
    email: 'dev@shineon.example',
    username: 'shineon',
    name: 'Dev Patel',
    businessName: 'Shine On Auto Spa',
    avatar: 3,
    rating: 4.8,
    reviewCount: 98,
    labels: ['Exterior', 'Full Detail'],
    latitude: 37.8044,
    longitude: -122.2712,
    radiusMiles: 20,
    vehicle: 'Black Mercedes Sprinter',
    description: 'Certified ceramic installer. Paint correction and coatings done in your garage.',
    offers: ['basic-wash', 'complete', 'ceramic', 'paint-correction', 'headlights'],
  },
  {
    email: 'kim@fresh.example',
    username: 'freshride',
    name: 'Kim Nguyen',
    businessName: 'Fresh Ride Detailers',
    avatar: 4,
    rating: 4.5,
    reviewCount: 76,
    labels: ['Interior'],
    latitude: 37.7397,
    longitude: -122.4843,
    radiusMiles: 15,
    vehicle: 'Green Honda Odyssey',
    description: 'Interior specialists: stains, smells and pet hair gone, seats steamed and conditioned.',
    offers: ['interior', 'pet-hair', 'complete'],
  },
  {
    email: 'luis@elite.example',
    username: 'elitedetail',
    name: 'Luis Romero',
    businessName: 'Elite Mobile Detail Co.',
    avatar: 5,
    rating: 5.0,
    reviewCount: 51,
    labels: ['Interior', 'Exterior', 'Full Detail'],
    latitude: 37.8716,
    longitude: -122.2727,
    radiusMiles: 25,
    vehicle: 'Grey Ram ProMaster with a trailer',
    description: 'Concours-level care for luxury and sports cars, fully insured.',
    offers: ['complete', 'ceramic', 'paint-correction', 'engine'],
    instantBooking: true,
  },
  {
    email: 'ava@blueline.example',
    username: 'bluelinewash',
    name: 'Ava Johnson',
    businessName: 'Blue Line Wash',
    avatar: 6,
    rating: 4.3,
    reviewCount: 39,
    labels: ['Exterior'],
    latitude: 37.6879,
    longitude: -122.4702,
    radiusMiles: 12,
    vehicle: 'Blue Nissan NV200',
    description: 'Eco-friendly rinseless washes for apartments and office parking lots.',
    offers: ['basic-wash', 'wash-wax', 'headlights'],
  },
  {
    email: 'omar@prestige.example',
    username: 'prestigeshine',
    name: 'Omar Haddad',
    businessName: 'Prestige Shine',
    avatar: 7,
    rating: 4.6,
    reviewCount: 87,
    labels: ['Interior', 'Exterior', 'Full Detail'],
    latitude: 37.5485,
    longitude: -121.9886,
    radiusMiles: 35,
    vehicle: 'Red Ford F-150 with a canopy',
    description: 'Fleet and family vehicles, with Saturday appointments and same-week booking.',
    offers: ['basic-wash', 'interior', 'complete', 'engine', 'pet-hair'],
  },
  {
    email: 'grace@aqua.example',
    username: 'aquaglow',
    name: 'Grace Kim',
    businessName: 'Aqua Glow Detailing',
    avatar: 8,
    rating: 4.4,
    reviewCount: 23,
    labels: ['Exterior', 'Full Detail'],
    latitude: 37.4419,
    longitude: -122.143,
    radiusMiles: 35,
    vehicle: 'White Chevrolet Express',
    description: 'Waterless wash and wax with premium microfibre, anywhere on the Peninsula.',
    offers: ['basic-wash', 'wash-wax', 'ceramic'],
  },
];
