package sns

import (
	"github.com/cidlc/cidlc/idl"

	aws "github.com/cidlc/cidlc/testdata/golden/go_2017_corpus/idl"
)

// Topic is a notification topic that subscribers receive messages from.
type Topic struct {
	idl.NamedResource
	// TopicName is the topic's name; a unique one is generated when it is not given.
	TopicName *string `lumi:"topicName,replaces,optional"`
	// DisplayName is shown in SMS messages.
	DisplayName *string `lumi:"displayName,optional"`
	// Subscription lists the endpoints subscribed to the topic.
	Subscription *[]TopicSubscription `lumi:"subscription,optional"`
	// ARN is the topic's Amazon Resource Name.
	ARN aws.ARN `lumi:"arn,out"`
}

// TopicSubscription is one subscription of a topic.
type TopicSubscription struct {
	// Protocol is how messages are delivered.
	Protocol TopicProtocol `lumi:"protocol"`
	// Endpoint receives the messages.
	Endpoint string `lumi:"endpoint"`
}

// TopicProtocol is how a subscription receives messages.
type TopicProtocol string

const (
	HTTPTopic   TopicProtocol = "http"
	HTTPSTopic  TopicProtocol = "https"
	EmailTopic  TopicProtocol = "email"
	LambdaTopic TopicProtocol = "lambda"
)
