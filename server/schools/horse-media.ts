import { horses, schoolHorseMedia } from '@/db/schema';
import type { MediaSubject } from '../media/media-subjects';

/** Photos of the school's horses: `subject_type: horse` on the school's media routes. */
export const horsePhotos: MediaSubject = {
  type: 'horse',
  label: 'horse',
  link: {
    table: schoolHorseMedia,
    ownerId: schoolHorseMedia.schoolId,
    subjectId: schoolHorseMedia.horseId,
    mediaId: schoolHorseMedia.mediaId,
  },
  target: { table: horses, ownerId: horses.schoolId, id: horses.id },
};
