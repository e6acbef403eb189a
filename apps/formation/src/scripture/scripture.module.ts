import { Module } from '@nestjs/common';
import { BibleText } from './bible-text';
import { ScriptureController } from './scripture.controller';

@Module({ controllers: [ScriptureController], providers: [BibleText] })
export class ScriptureModule {}
