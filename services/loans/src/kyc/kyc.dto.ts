import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsISO31661Alpha2, IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** The text fields of `user/identification` (multipart, with the images front, back, inHand, signature). */
export class KycForm {
  @ApiProperty()
  @Transform(trim)
  @IsString({ message: 'validation.required' })
  @IsNotEmpty({ message: 'validation.required' })
  @MaxLength(80, { message: 'validation.invalid' })
  firstName: string;

  @ApiProperty()
  @Transform(trim)
  @IsString({ message: 'validation.required' })
  @IsNotEmpty({ message: 'validation.required' })
  @MaxLength(80, { message: 'validation.invalid' })
  lastName: string;

  @ApiProperty({ enum: ['male', 'female', 'other'] })
  @IsIn(['male', 'female', 'other'], { message: 'validation.invalid' })
  sex: string;

  @ApiProperty({ example: '1990-04-21', description: 'Adults only' })
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'validation.invalid' })
  birthdate: string;

  @ApiProperty({ example: 'DE', description: 'ISO 3166-1 alpha-2' })
  @IsISO31661Alpha2({ message: 'validation.invalid' })
  country: string;

  @ApiProperty()
  @Transform(trim)
  @IsString({ message: 'validation.required' })
  @IsNotEmpty({ message: 'validation.required' })
  @MaxLength(300, { message: 'validation.invalid' })
  address: string;

  @ApiProperty({ example: '+491701234567' })
  @Matches(/^\+[1-9]\d{5,14}$/, { message: 'validation.phoneFormat' })
  phone: string;

  @ApiProperty({ enum: ['id_card', 'driver_licence', 'passport'] })
  @IsIn(['id_card', 'driver_licence', 'passport'], { message: 'validation.invalid' })
  documentType: string;

  @ApiProperty()
  @Transform(trim)
  @Matches(/^[A-Za-z0-9-]{4,40}$/, { message: 'validation.invalid' })
  documentNumber: string;
}

/** The text fields of `user/newIdentification` (multipart, with proof-of-assets images proof, proof2, proof3). */
export class AdvancedKycForm {
  @ApiProperty({ example: '4500', description: 'Monthly income in USDT' })
  @Matches(/^\d{1,12}(\.\d{1,2})?$/, { message: 'validation.enterAmount' })
  monthlyIncome: string;

  @ApiProperty({ enum: ['salary', 'business', 'investments', 'inheritance', 'other'] })
  @IsIn(['salary', 'business', 'investments', 'inheritance', 'other'], { message: 'validation.invalid' })
  sourceOfWealth: string;

  @ApiProperty({ example: '20000', description: 'Expected investment in USDT' })
  @Matches(/^\d{1,14}(\.\d{1,2})?$/, { message: 'validation.enterAmount' })
  expectedInvestment: string;
}

const image = (description: string) => ({ type: 'string', format: 'binary', description }) as const;

/** The OpenAPI body of `user/identification`: the text fields and the images (not validated here). */
export class KycFormBody extends KycForm {
  @ApiProperty(image('Front of the document (JPG, PNG or JPEG 2000)'))
  front: unknown;

  @ApiPropertyOptional(image('Back of the document (not for passports)'))
  back?: unknown;

  @ApiProperty(image('The user holding the document'))
  inHand: unknown;

  @ApiProperty(image('Signature (PNG)'))
  signature: unknown;
}

/** The OpenAPI body of `user/newIdentification`: the text fields and up to three proof images. */
export class AdvancedKycFormBody extends AdvancedKycForm {
  @ApiProperty(image('Proof of assets or income'))
  proof: unknown;

  @ApiPropertyOptional(image('A second proof'))
  proof2?: unknown;

  @ApiPropertyOptional(image('A third proof'))
  proof3?: unknown;
}
