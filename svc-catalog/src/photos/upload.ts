import type { RequestHandler } from 'express';
import multer from 'multer';
import { ERROR_CODES, PHOTO_ERRORS, PHOTO_MAX_BYTES } from '@edicola/contracts';
import { HttpError } from '@edicola/platform';

const parser = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 40, fieldSize: 20_000, parts: 41 },
}).single('photo');

/**
 * Reads a multipart article form with at most one file, `photo`, of at most 5 MB, kept in memory (its
 * content is checked afterwards). A JSON body passes through untouched. Errors answer in the one shape.
 */
export const articleFormUpload: RequestHandler = (req, res, next) => {
  parser(req, res, (error: unknown) => {
    if (!error) return next();
    if (error instanceof multer.MulterError) {
      if (error.code === 'LIMIT_FILE_SIZE')
        return next(new HttpError(413, PHOTO_ERRORS.size, ERROR_CODES.photoSize));
      if (error.code === 'LIMIT_UNEXPECTED_FILE' || error.code === 'LIMIT_FILE_COUNT') {
        return next(new HttpError(422, 'Il file della foto va inviato nel campo "photo", uno solo'));
      }
      return next(new HttpError(422, 'Modulo non valido: troppi campi o campi troppo lunghi'));
    }
    next(new HttpError(400, 'Modulo multipart non valido'));
  });
};
