import { Module } from '@nestjs/common';
import { MemberDirectory } from './member-directory';

@Module({ providers: [MemberDirectory], exports: [MemberDirectory] })
export class MembersDirectoryModule {}
