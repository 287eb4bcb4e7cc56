import ChatOutlinedIcon from '@mui/icons-material/ChatOutlined';
import MailOutlineIcon from '@mui/icons-material/MailOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ContactMessage } from '@gold/contract';
import { formatDateTime, orDash } from '@/lib/format';

/** A chat link to the sender's number (international digits, as the server gives them). */
const chatHref = (chatNumber: string) => `https://wa.me/${encodeURIComponent(chatNumber)}`;

/** One message: date, sender, institution and the message as plain text (never HTML); Email and Phone Number buttons. */
export function ContactCard({ contact }: { contact: ContactMessage }) {
  const { t } = useTranslation();
  const titleId = `contact-${contact.id}-sender`;
  return (
    <Card variant="outlined" component="article" aria-labelledby={titleId} sx={{ display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', gap: 0.75 }}>
        <Typography variant="body2" color="text.secondary">
          <time dateTime={contact.createdAt}>{formatDateTime(contact.createdAt)}</time>
        </Typography>
        <Typography id={titleId} variant="h3" component="h3" sx={{ fontSize: '1.05rem', fontWeight: 700, overflowWrap: 'anywhere' }}>
          {contact.fullname}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {orDash(contact.institutionName)}
        </Typography>
        {/* Text, not markup: whatever the message holds is shown as typed. */}
        <Typography variant="body1" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mt: 1 }}>
          {contact.message}
        </Typography>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button
          variant="outlined"
          size="small"
          startIcon={<MailOutlineIcon />}
          href={`mailto:${encodeURIComponent(contact.email)}`}
          aria-label={t('Email {{name}} ({{email}})', { name: contact.fullname, email: contact.email })}
        >
          {t('Email')}
        </Button>
        {contact.chatNumber ? (
          <Button
            variant="outlined"
            size="small"
            startIcon={<ChatOutlinedIcon />}
            href={chatHref(contact.chatNumber)}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t('Phone Number: chat with {{name}} on {{number}}', {
              name: contact.fullname,
              number: contact.phoneNumber ?? contact.chatNumber,
            })}
          >
            {t('Phone Number')}
          </Button>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t('No phone number')}
          </Typography>
        )}
      </CardActions>
    </Card>
  );
}
