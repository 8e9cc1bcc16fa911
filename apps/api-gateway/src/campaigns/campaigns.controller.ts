import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  AddRecipientsDto,
  CampaignCreated,
  CampaignList,
  CampaignRecord,
  CreateCampaignDto,
  RecipientList,
  RecipientListQuery,
  RecipientsAdded,
} from '@app/campaigns';
import { PageQuery } from '@app/platform';
import { AcceptsTextBody } from '@app/platform/http';
import { Auth, RequireRole, type RequestAuth } from '../auth/auth.decorators';
import { ApiAnswer, ApiErrors } from '../openapi/api-responses';
import { CampaignsService } from './campaigns.service';
import { csvRecipients } from './csv-recipients';

/** Campaigns (README "Campaigns"): members run them, viewers read them. */
@ApiTags('campaigns')
@ApiBearerAuth('apiKey')
@Controller('api/core/voice/campaign')
export class CampaignsController {
  constructor(private readonly campaigns: CampaignsService) {}

  @Post()
  @ApiOperation({
    summary: 'Create a campaign',
    description:
      'Up to 10,000 recipients. Any bad row refuses the whole request with a 422 naming the rows (first 100) and ' +
      'nothing is created; numbers given twice are collapsed and listed in duplicates. Role: member.',
  })
  @ApiAnswer(201, CampaignCreated)
  @ApiErrors(400, 403, 404, 413, 422)
  @RequireRole('member')
  create(@Auth() auth: RequestAuth, @Body() dto: CreateCampaignDto) {
    return this.campaigns.create(auth.workspaceId, dto);
  }

  @Get('list')
  @ApiOperation({ summary: 'List campaigns, newest first' })
  @ApiAnswer(200, CampaignList)
  @ApiErrors(400)
  list(@Auth() auth: RequestAuth, @Query() query: PageQuery) {
    return this.campaigns.list(auth.workspaceId, query);
  }

  @Get(':campaignId')
  @ApiOperation({ summary: 'Read a campaign with its recipients counted by outcome' })
  @ApiAnswer(200, CampaignRecord)
  @ApiErrors(404)
  get(@Auth() auth: RequestAuth, @Param('campaignId') campaignId: string) {
    return this.campaigns.get(auth.workspaceId, campaignId);
  }

  @Get(':campaignId/recipients')
  @ApiOperation({ summary: "A campaign's recipients with their outcome, attempts and callIds" })
  @ApiAnswer(200, RecipientList)
  @ApiErrors(400, 404)
  recipients(@Auth() auth: RequestAuth, @Param('campaignId') id: string, @Query() query: RecipientListQuery) {
    return this.campaigns.recipients(auth.workspaceId, id, query);
  }

  @Post(':campaignId/recipients')
  @ApiOperation({
    summary: 'Add recipients while the campaign is not finished',
    description:
      'JSON {recipients: [...]} or text/csv: a header row with `to`, optionally `timezone`; other columns become ' +
      'metadata; recipients[i] in a 422 is data row i + 1. Role: member.',
  })
  @ApiConsumes('application/json', 'text/csv')
  @AcceptsTextBody(csvRecipients)
  @ApiAnswer(201, RecipientsAdded)
  @ApiErrors(400, 403, 404, 409, 413, 422)
  @RequireRole('member')
  add(@Auth() auth: RequestAuth, @Param('campaignId') id: string, @Body() dto: AddRecipientsDto) {
    return this.campaigns.addRecipients(auth.workspaceId, id, dto);
  }

  @Post(':campaignId/pause')
  @ApiOperation({ summary: 'Pause: no new dials (live calls finish)', description: 'Role: member.' })
  @ApiAnswer(200, CampaignRecord)
  @ApiErrors(403, 404, 409)
  @HttpCode(200)
  @RequireRole('member')
  pause(@Auth() auth: RequestAuth, @Param('campaignId') id: string) {
    return this.campaigns.move(auth.workspaceId, id, 'pause');
  }

  @Post(':campaignId/resume')
  @ApiOperation({ summary: 'Resume a paused campaign', description: 'Role: member.' })
  @ApiAnswer(200, CampaignRecord)
  @ApiErrors(403, 404, 409)
  @HttpCode(200)
  @RequireRole('member')
  resume(@Auth() auth: RequestAuth, @Param('campaignId') id: string) {
    return this.campaigns.move(auth.workspaceId, id, 'resume');
  }

  @Post(':campaignId/cancel')
  @ApiOperation({
    summary: 'Cancel: recipients not dialled yet end cancelled (live calls finish)',
    description: 'Role: member.',
  })
  @ApiAnswer(200, CampaignRecord)
  @ApiErrors(403, 404, 409)
  @HttpCode(200)
  @RequireRole('member')
  cancel(@Auth() auth: RequestAuth, @Param('campaignId') id: string) {
    return this.campaigns.move(auth.workspaceId, id, 'cancel');
  }
}
