import type { CategoryAttribute } from './marketplace';

/*
 * Attribute sets that categories share (C.1), written once for the demo data and the tests.
 * Data only: the demo seed (db/ imports nothing of server/) and the tests load it.
 */

/** The attributes of the horse categories: what horse searches filter on (C.3). */
export const HORSE_CATEGORY_ATTRIBUTES: CategoryAttribute[] = [
  { name: 'breed', label: 'Breed', type: 'text', required: true },
  {
    name: 'sex',
    label: 'Sex',
    type: 'select',
    required: true,
    options: ['mare', 'gelding', 'stallion'],
  },
  {
    name: 'birth_year',
    label: 'Year of birth',
    type: 'integer',
    required: true,
    min: 1980,
    max: 2030,
  },
  { name: 'height_cm', label: 'Height (cm)', type: 'integer', required: false, min: 70, max: 200 },
  { name: 'colour', label: 'Colour', type: 'text', required: false },
  { name: 'discipline', label: 'Discipline', type: 'text', required: false },
  { name: 'level', label: 'Level', type: 'text', required: false },
];
