import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, CustomerAuth, type AuthPrincipal } from '@app/common';
import { AddressBookService } from './address-book.service';
import { AddWithdrawalAddressDto } from './dto/address-book.dto';

@ApiTags('funds')
@Controller('swx/customer/user/addressBook')
@CustomerAuth()
export class AddressBookController {
  constructor(private readonly book: AddressBookService) {}

  @Get()
  @ApiOperation({
    summary: 'My saved withdrawal addresses, newest first, each with usableFrom (24 h after it was added)',
  })
  list(@CurrentPrincipal() p: AuthPrincipal) {
    return this.book.list(p.id);
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Save a withdrawal address with a label (checked as a withdrawal checks it); usable for withdrawals 24 h later',
  })
  add(@CurrentPrincipal() p: AuthPrincipal, @Body() dto: AddWithdrawalAddressDto) {
    return this.book.add(p.id, dto);
  }

  // A POST like the rest of the customer API (its clients send GET and POST only).
  @Post(':id/delete')
  @HttpCode(200)
  @ApiOperation({ summary: "Delete one of my saved addresses (another user's id: 404)" })
  remove(@CurrentPrincipal() p: AuthPrincipal, @Param('id') id: string) {
    return this.book.remove(p.id, id);
  }
}
