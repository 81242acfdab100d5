import type { ReactNode } from 'react';
import {
  ENDED_LISTING_PURGE_DAYS,
  SESSION_REMEMBER_ABSOLUTE_DAYS,
  SESSION_REMEMBER_DAYS,
  SESSION_SHORT_HOURS,
  SINGLE_ITEM_LIFETIME_DAYS,
  SUPPORT_RESPONSE_TIME,
  SYSTEM_ACCOUNT,
} from '@yardsale/validators';

import {
  Bullets,
  Card,
  LegalDocument,
  ProseSection,
  Strong,
  SupportLink,
  sectionsOf,
} from './prose';

const sections = [
  { id: 'summary', title: 'The short version' },
  { id: 'what-we-collect', title: 'What we collect' },
  { id: 'cookies', title: 'Cookies and browser storage' },
  { id: 'photos', title: 'Your photos' },
  { id: 'how-we-use', title: 'How we use your information' },
  { id: 'who-sees-what', title: 'Who sees what' },
  { id: 'retention', title: 'How long we keep things' },
  { id: 'security', title: 'Keeping your account secure' },
  { id: 'your-choices', title: 'Your choices' },
  { id: 'age', title: 'Adults only' },
  { id: 'changes', title: 'Changes to this policy' },
  { id: 'contact', title: 'Contact us' },
] as const;

const section = sectionsOf(sections, { numbered: true });

function SubHeading({ children }: { children: ReactNode }) {
  return <h3 className="pt-1 font-semibold text-foreground">{children}</h3>;
}

function PrivacyContent() {
  return (
    <LegalDocument
      sections={sections}
      intro={
        <>
          This policy explains, in plain words, what information YardSale keeps about you, why, who
          can see it and how long it stays. We collect what the service needs to work and nothing
          more, and we never sell your information.
        </>
      }
    >
      <ProseSection {...section('summary')}>
        <Bullets>
          <li>
            We keep your account details, what you post (listings, photos, messages, reviews and
            reports) and the listings you save.
          </li>
          <li>
            Listings, including their addresses, are shown only to signed-in members. Your messages
            are seen only by you and the person you're talking to.
          </li>
          <li>
            We use <Strong>one cookie</Strong>, to keep you signed in. No advertising, no
            third-party trackers.
          </li>
          <li>
            We remove hidden data — including GPS location — from every listing photo you upload.
          </li>
          <li>
            Ended listings are deleted automatically {ENDED_LISTING_PURGE_DAYS} days after they end,
            along with their photos and conversations.
          </li>
          <li>We don't sell or rent your information to anyone.</li>
        </Bullets>
      </ProseSection>

      <ProseSection {...section('what-we-collect')}>
        <SubHeading>Your account</SubHeading>
        <p>
          When you sign up: your first and last name, e-mail address and password, and — if you
          choose to add them — a phone number and a profile picture. We also record when you created
          your account and when you accepted our terms. Your password is stored only in a scrambled
          (hashed) form that can't be turned back into the original, not even by us.
        </p>

        <SubHeading>Your listings</SubHeading>
        <p>
          The title, description, listing type, category, price range, address and photos you enter;
          for garage sales, the date and times; and any contact phone or e-mail you choose to add.
          We also store your browser's time zone with the listing so we know exactly when your sale
          ends in your local time.
        </p>

        <SubHeading>Messages, saves, reviews and reports</SubHeading>
        <Bullets>
          <li>
            the messages you send and receive, which listing they're about, and whether they've been
            read;
          </li>
          <li>the listings you save;</li>
          <li>reviews you write (rating, comment, date) and reviews others write about you;</li>
          <li>
            reports you file (the reason, your description and the listing, if any) and reports
            filed about you, with our team's notes and decision.
          </li>
        </Bullets>

        <SubHeading>Technical information</SubHeading>
        <p>
          Like any website, our server receives your device's IP address with each request. We use
          it to limit repeated attempts — for example, too many sign-ins or messages in a short time
          — and to keep the service secure. When something goes wrong on our side, we log the error
          with a reference number so we can fix it. We don't use this information to locate you or
          to follow you around the web.
        </p>
      </ProseSection>

      <ProseSection {...section('cookies')}>
        <p>
          YardSale sets <Strong>a single cookie: your session cookie</Strong>. It holds a random
          sign-in token — we store only a scrambled copy of it — and it's marked HttpOnly, so
          scripts running in the page can't read it. It's sent only to YardSale, and over a secure
          connection. How long it lasts depends on you:
        </p>
        <Bullets>
          <li>
            <Strong>“Remember me” ticked:</Strong> you stay signed in on that device for{' '}
            {SESSION_REMEMBER_DAYS} days, renewed automatically while you keep using YardSale, up to{' '}
            {SESSION_REMEMBER_ABSOLUTE_DAYS} days after you signed in.
          </li>
          <li>
            <Strong>Not ticked:</Strong> the cookie lasts until you close your browser, and the
            session ends after {SESSION_SHORT_HOURS} hours at the most, even if the browser stays
            open.
          </li>
        </Bullets>
        <p>
          Signing out ends your session on our server straight away. We don't use advertising,
          analytics or tracking cookies.
        </p>
        <p>
          The app also keeps a few small notes in your browser's own storage — for example, that
          you've dismissed the “install app” prompt, or where you'd scrolled to on the Home page so
          you can pick up where you left off. These stay on your device and aren't sent to us.
        </p>
      </ProseSection>

      <ProseSection {...section('photos')}>
        <p>
          Photos taken on phones usually carry hidden details: the camera model, the time the
          picture was taken and often the exact GPS location. When you upload a listing photo, we
          process it on our server, turn it the right way up, and{' '}
          <Strong>strip all of that hidden metadata, GPS location included</Strong>, before anyone
          else can see it. We keep resized copies for listing cards and the listing page.
        </p>
        <p>
          We can't remove what's visible in the picture itself, so keep house numbers, licence
          plates, faces and post out of shot. Large photos are also shrunk in your browser before
          upload, to save your data.
        </p>
      </ProseSection>

      <ProseSection {...section('how-we-use')}>
        <p>We use your information only to run YardSale:</p>
        <Bullets>
          <li>to create your account and keep you signed in;</li>
          <li>to show your listings to neighbours and help them search and filter;</li>
          <li>to deliver your messages and show ratings and reviews;</li>
          <li>to end and remove listings on time;</li>
          <li>to review reports, remove content that breaks our rules and keep members safe;</li>
          <li>
            to send announcements about the service from {SYSTEM_ACCOUNT.displayName}, which arrive
            in your Messages;
          </li>
          <li>to answer you when you contact support.</li>
        </Bullets>
        <p>
          We don't sell, rent or trade your information, we don't show ads, and we don't share your
          information with advertisers. Your data lives in our database and our photo storage, which
          may be hosted by a provider that stores it on our behalf and may not use it for anything
          else. We'll disclose information only if the law requires it or to protect someone's
          safety.
        </p>
        <p>
          If you tap Open in Maps or Get Directions on a listing, its address is passed to the map
          service you open, and that service's own privacy policy applies.
        </p>
      </ProseSection>

      <ProseSection {...section('who-sees-what')}>
        <div className="grid gap-4 md:grid-cols-2">
          <Card compact title="Signed-in members">
            <Bullets>
              <li>
                Your listings, with everything on them: photos, description, category, price range,
                address, dates and times, and any contact details you added.
              </li>
              <li>
                Your name (first name and last initial on listing cards, full name on your profile),
                profile picture, rating, reviews and current listings.
              </li>
              <li>Reviews you've written, shown with your first name and last initial.</li>
            </Bullets>
          </Card>
          <Card compact title="The person you're messaging">
            <p>
              The messages in your conversation with them, your name and profile picture, and which
              listing you're talking about. Nobody else — not other members, and no part of our
              admin tools — can read your conversations.
            </p>
          </Card>
          <Card compact title="Our admin">
            <p>
              Reports, including the e-mail addresses of the person who filed the report and the
              person reported, the listing involved and the description. The admin can also remove
              listings that break our rules.
            </p>
          </Card>
          <Card compact title="Not shown to other members">
            <p>
              Your password, your account e-mail and phone number, the listings you've saved, and
              the reports you've filed. The person you report isn't told who reported them. Anyone
              who isn't signed in can't see listings, profiles or addresses.
            </p>
          </Card>
        </div>
      </ProseSection>

      <ProseSection {...section('retention')}>
        <Bullets>
          <li>
            <Strong>Listings</Strong> stay until you delete them or they end. A garage sale ends at
            its end time; a single item ends {SINGLE_ITEM_LIFETIME_DAYS} days after it's posted. An
            ended listing is hidden from other members at once and{' '}
            <Strong>deleted automatically {ENDED_LISTING_PURGE_DAYS} days after it ends</Strong>,
            together with its photos, everyone's saves of it, and all conversations and messages
            about it. Deleting a listing yourself removes the same things straight away.
          </li>
          <li>
            <Strong>Messages</Strong> stay until the sender deletes them, until both people have
            deleted the conversation, or until the listing they're about is deleted. Announcements
            from {SYSTEM_ACCOUNT.displayName} stay in your Messages.
          </li>
          <li>
            <Strong>Reviews</Strong> stay on the seller's profile as part of their track record,
            even after the listing they were about is gone.
          </li>
          <li>
            <Strong>Reports</Strong> are kept as a record of our moderation decisions.
          </li>
          <li>
            <Strong>Sessions</Strong> expire as described under cookies, and end at once when you
            sign out.
          </li>
          <li>
            <Strong>Your account</Strong> and profile stay until you ask us to delete them.
          </li>
        </Bullets>
      </ProseSection>

      <ProseSection {...section('security')}>
        <p>
          Passwords are hashed with Argon2id, a modern algorithm designed for exactly this, and
          sign-in tokens are stored only in hashed form. Requests that change anything must come
          from the YardSale app itself, and sign-in attempts are rate limited to slow down anyone
          guessing passwords. When you change your password, we sign you out on every other device.
        </p>
        <p>
          No system is perfectly secure, so please use a password you don't use anywhere else, and
          tell us at <SupportLink /> if you think something's wrong.
        </p>
      </ProseSection>

      <ProseSection {...section('your-choices')}>
        <Bullets>
          <li>Update your name, e-mail address and phone number from your profile and settings.</li>
          <li>Add or remove your profile picture at any time. A phone number is optional.</li>
          <li>Leave contact details off a listing — buyers can always message you in YardSale.</li>
          <li>Edit or delete your listings, and unsave listings you no longer want.</li>
          <li>Delete any message you've sent, and delete conversations from your list.</li>
          <li>Choose whether to be remembered on a device, and sign out whenever you like.</li>
        </Bullets>
        <p>
          Downloading your data and deleting your account aren't available in Settings yet. Until
          they are, e-mail <SupportLink /> from the address on your account and we'll send you a
          copy of your information, correct it, or delete your account.
        </p>
      </ProseSection>

      <ProseSection {...section('age')}>
        <p>
          YardSale is only for people aged 18 and over, and we don't knowingly collect information
          from anyone younger. If you believe someone under 18 has an account, please tell us and
          we'll remove it.
        </p>
      </ProseSection>

      <ProseSection {...section('changes')}>
        <p>
          If we change how we handle your information, we'll update this page and the date at the
          top. For significant changes, we'll also tell you with an announcement in Messages before
          they take effect.
        </p>
      </ProseSection>

      <ProseSection {...section('contact')}>
        <p>
          Questions, requests or concerns about your privacy? E-mail <SupportLink />. We reply
          within {SUPPORT_RESPONSE_TIME}.
        </p>
      </ProseSection>
    </LegalDocument>
  );
}

export default PrivacyContent;
