import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentBook, CurrentPrincipal, CustomerAuth, type AuthPrincipal, type Book } from '@app/common';
import { AuthService } from '../auth/auth.service';
import { ChangePasswordDto, ChangeWithdrawPasswordDto } from './dto/user.dto';
import { UsersService } from './users.service';

@ApiTags('user')
@Controller('swx/customer/user')
@CustomerAuth()
export class UserController {
  constructor(
    private readonly users: UsersService,
    private readonly auth: AuthService,
  ) {}

  @Post('getUserInfo')
  @HttpCode(200)
  @ApiOperation({ summary: 'The profile and the balances of the book the virtually header chooses' })
  getUserInfo(@CurrentPrincipal() principal: AuthPrincipal, @CurrentBook() book: Book) {
    return this.users.userInfo(principal.id, book);
  }

  @Post('repassword')
  @HttpCode(200)
  @ApiOperation({ summary: 'Change the login password; every session of the user ends' })
  repassword(@CurrentPrincipal() principal: AuthPrincipal, @Body() dto: ChangePasswordDto) {
    return this.auth.changePassword(principal.id, dto);
  }

  @Post('repasswordTx')
  @HttpCode(200)
  @ApiOperation({ summary: 'Set or change the withdrawal password with a code of scene withdrawPassword' })
  repasswordTx(@CurrentPrincipal() principal: AuthPrincipal, @Body() dto: ChangeWithdrawPasswordDto) {
    return this.auth.changeWithdrawPassword(principal.id, dto);
  }
}
