/**
 * The table of personal API tokens (issue 26) shared by the "API tokens" list and a user's page:
 * owner (unless one user's), name, scope, dates, last use, and a revoke button that asks first.
 * Never the secret: the server does not keep it.
 */
import { DataTable, DeleteButton, TextField, useRecordContext, useTranslate } from 'react-admin';
import { tokenLabel, type TokenRecord } from '@/console/data/tokenRoutes';
import { ZonedDateField } from '@/console/fields/ZonedDateField';

function RevokeButton() {
  const record = useRecordContext<TokenRecord>();
  if (!record) return null;
  return (
    <DeleteButton
      mutationMode="pessimistic"
      redirect={false}
      label="resources.tokens.action.revoke"
      confirmTitle="resources.tokens.message.revoke_title"
      confirmContent="resources.tokens.message.revoke_content"
      titleTranslateOptions={{ recordRepresentation: tokenLabel(record) }}
    />
  );
}

function ScopeField() {
  const record = useRecordContext<TokenRecord>();
  const translate = useTranslate();
  return record ? <>{translate(`apiTokens.scopes.${record.scope}`)}</> : null;
}

/** A date that may be missing: "never" for an expiry, "—" for a token never used. */
function OptionalDate({ source, empty }: { source: 'expiresAt' | 'lastUsedAt'; empty: string }) {
  const record = useRecordContext<TokenRecord>();
  const translate = useTranslate();
  if (!record) return null;
  if (record[source] === null) return <>{translate(empty)}</>;
  return <ZonedDateField source={source} />;
}

export function TokenTable({ withOwner = true }: { withOwner?: boolean }) {
  return (
    <DataTable<TokenRecord> rowClick={false} bulkActionButtons={false}>
      {withOwner && <DataTable.Col source="userName" disableSort />}
      <DataTable.Col source="name" disableSort />
      <DataTable.Col source="scope" disableSort field={ScopeField} />
      <DataTable.Col source="createdAt" disableSort>
        <ZonedDateField source="createdAt" />
      </DataTable.Col>
      <DataTable.Col source="expiresAt" disableSort>
        <OptionalDate source="expiresAt" empty="apiTokens.never" />
      </DataTable.Col>
      <DataTable.Col source="lastUsedAt" disableSort>
        <OptionalDate source="lastUsedAt" empty="resources.tokens.never_used" />
      </DataTable.Col>
      <DataTable.Col source="lastUsedIp" disableSort>
        <TextField source="lastUsedIp" emptyText="—" />
      </DataTable.Col>
      <DataTable.Col align="right" disableSort>
        <RevokeButton />
      </DataTable.Col>
    </DataTable>
  );
}
