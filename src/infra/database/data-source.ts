import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { typeormOptions } from './typeorm-options';

// For the TypeORM CLI (`npm run migration:generate -- migrations/Name`): entities from the build.
export default new DataSource({
  ...typeormOptions(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/storefront'),
  entities: [`${__dirname}/../../**/*.entity.js`],
});
