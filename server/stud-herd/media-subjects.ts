import { medicalRecordMedia, medicalRecords, studHorseMedia, studHorses } from '@/db/schema';
import type { MediaSubject } from '../media/media-subjects';

/** Photos and papers of the herd: `subject_type: horse` on the stud's media routes. */
export const studHorseFiles: MediaSubject = {
  type: 'horse',
  label: 'horse',
  link: {
    table: studHorseMedia,
    ownerId: studHorseMedia.studId,
    subjectId: studHorseMedia.horseId,
    mediaId: studHorseMedia.mediaId,
  },
  target: { table: studHorses, ownerId: studHorses.studId, id: studHorses.id },
};

/** Attachments of a medical record (a lab report, an X-ray): `subject_type: medical_record`. */
export const medicalRecordFiles: MediaSubject = {
  type: 'medical_record',
  label: 'medical record',
  link: {
    table: medicalRecordMedia,
    ownerId: medicalRecordMedia.studId,
    subjectId: medicalRecordMedia.medicalRecordId,
    mediaId: medicalRecordMedia.mediaId,
  },
  target: { table: medicalRecords, ownerId: medicalRecords.studId, id: medicalRecords.id },
};
